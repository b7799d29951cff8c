package org.maat.encdb.sqllogictest;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.maat.encdb.sqllogictest.FuzzCase.Column;
import org.maat.encdb.sqllogictest.FuzzCase.Query;
import org.maat.encdb.sqllogictest.FuzzCase.Select;
import org.maat.encdb.sqllogictest.FuzzCase.Table;

/**
 * Random schemas, rows and queries for the differential fuzzer. Tables mix every type the encrypted layer
 * encodes (INTEGER, BIGINT, NUMERIC, DOUBLE, VARCHAR with each search mode, DATE, TIMESTAMP, BOOLEAN) and
 * plaintext columns; values come from small domains (duplicates), with NULLs and the extremes of each type.
 * Queries cover joins, subqueries, DISTINCT, GROUP BY/HAVING, ORDER BY/LIMIT, CASE, arithmetic, runs of unary
 * signs (over columns, constants and NULLs, in the select list, in conditions, inside aggregates) over the
 * types' minimums, whose negation overflows, LIKE, window functions and set operations, and sometimes SQL H2 rejects (a column not in GROUP BY, 1/0), which the
 * layer must reject with the same SQLState. Column names are unique across tables ({@code t0c1}), so no
 * query needs a qualifier. Deterministic for a given {@link Random}.
 */
final class QueryGenerator {

    /** What a column holds, for choosing operators and literals that fit it. */
    enum Sort { INT, BIGINT, DECIMAL, DOUBLE, TEXT, DATE, TIMESTAMP, BOOL }

    private record Typed(String name, Sort sort) {
    }

    private static final String[] WORDS = {"ka", "lo", "kalo", "", "mi ne", "o''k", "KA", "lomi", "ne ka ru"};

    private final Random r;

    QueryGenerator(Random r) {
        this.r = r;
    }

    // ---- schema and rows

    List<Table> tables() {
        int n = 1 + r.nextInt(3);
        List<Table> out = new ArrayList<>();
        for (int t = 0; t < n; t++) {
            List<Column> cols = new ArrayList<>();
            cols.add(new Column("t" + t + "c0", "INTEGER", r.nextInt(5) == 0 ? "maat:plaintext" : null)); // join key
            int m = 2 + r.nextInt(4);
            for (int c = 1; c <= m; c++) {
                Sort s = Sort.values()[r.nextInt(Sort.values().length)];
                String comment = comment(s);
                if (s == Sort.BIGINT && comment == null && r.nextInt(3) == 0) {
                    comment = "maat:onions=eq"; // no Ord onion: the whole BIGINT range, its minimum included
                }
                cols.add(new Column("t" + t + "c" + c, s == Sort.INT && r.nextInt(4) == 0 ? "SMALLINT" : ddl(s),
                        comment));
            }
            List<List<String>> rows = new ArrayList<>();
            int rowCount = r.nextInt(4) == 0 ? r.nextInt(3) : 3 + r.nextInt(12);
            for (int i = 0; i < rowCount; i++) {
                List<String> row = new ArrayList<>();
                for (Column c : cols) {
                    row.add(r.nextInt(6) == 0 ? "NULL" : r.nextInt(12) == 0 ? extreme(c)
                            : literal(sortOf(c.type()), !c.type().equals("SMALLINT")));
                }
                rows.add(row);
            }
            out.add(new Table("t" + t, cols, rows));
        }
        return out;
    }

    private String ddl(Sort s) {
        return switch (s) {
            case INT -> "INTEGER";
            case BIGINT -> "BIGINT";
            case DECIMAL -> "NUMERIC(9,2)";
            case DOUBLE -> "DOUBLE";
            case TEXT -> "VARCHAR(12)";
            case DATE -> "DATE";
            case TIMESTAMP -> "TIMESTAMP";
            case BOOL -> "BOOLEAN";
        };
    }

    private String comment(Sort s) {
        int k = r.nextInt(8);
        if (k == 0) {
            return "maat:plaintext";
        }
        if (s == Sort.TEXT) {
            return switch (k) {
                case 1 -> "maat:search=substring(2,4)";
                case 2 -> "maat:search=keyword";
                case 3 -> "maat:search=none";
                default -> null;
            };
        }
        return null;
    }

    /**
     * An end of the range column {@code c} holds: for integers the minimum too, whose negation overflows in H2
     * ({@code - c} fails with 22003 on -2147483648); a BIGINT with an Ord onion holds only [-2^47, 2^47).
     */
    private String extreme(Column c) {
        boolean low = r.nextBoolean();
        return switch (c.type()) {
            case "INTEGER" -> low ? Integer.toString(Integer.MIN_VALUE) : Integer.toString(Integer.MAX_VALUE);
            case "SMALLINT" -> low ? Short.toString(Short.MIN_VALUE) : Short.toString(Short.MAX_VALUE);
            case "BIGINT" -> c.comment() != null ? (low ? Long.toString(Long.MIN_VALUE) : Long.toString(Long.MAX_VALUE))
                    : low ? Long.toString(-(1L << 47)) : Long.toString((1L << 47) - 1);
            default -> literal(sortOf(c.type()), true);
        };
    }

    static Sort sortOf(String ddl) {
        return switch (ddl) {
            case "INTEGER", "SMALLINT" -> Sort.INT;
            case "BIGINT" -> Sort.BIGINT;
            case "NUMERIC(9,2)" -> Sort.DECIMAL;
            case "DOUBLE" -> Sort.DOUBLE;
            case "DATE" -> Sort.DATE;
            case "TIMESTAMP" -> Sort.TIMESTAMP;
            case "BOOLEAN" -> Sort.BOOL;
            default -> Sort.TEXT;
        };
    }

    /** A literal of sort {@code s}; {@code extremes} allows the ends of the type's range. */
    private String literal(Sort s, boolean extremes) {
        boolean edge = extremes && r.nextInt(12) == 0;
        return switch (s) {
            case INT -> edge ? (r.nextBoolean() ? "2147483647" : "-2147483647") : Integer.toString(r.nextInt(12) - 3);
            case BIGINT -> edge ? (r.nextBoolean() ? "140737488355327" : "-140737488355327")
                    : Long.toString(r.nextInt(8) - 2);
            case DECIMAL -> edge ? (r.nextBoolean() ? "9999999.99" : "-9999999.99")
                    : (r.nextInt(10) - 3) + "." + (r.nextBoolean() ? "5" : "25");
            case DOUBLE -> edge ? (r.nextBoolean() ? "1.0E300" : "-1.0E300") : (r.nextInt(8) - 2) + ".5";
            case TEXT -> "'" + WORDS[r.nextInt(WORDS.length)] + "'";
            case DATE -> edge ? "DATE '1900-01-01'" : "DATE '2020-01-0" + (1 + r.nextInt(6)) + "'";
            case TIMESTAMP -> "TIMESTAMP '2020-01-0" + (1 + r.nextInt(4)) + " 1" + r.nextInt(3) + ":00:00'";
            case BOOL -> r.nextBoolean() ? "TRUE" : "FALSE";
        };
    }

    // ---- queries

    Query query(List<Table> tables) {
        if (r.nextInt(10) == 0) {
            return compound(tables);
        }
        return select(tables, false);
    }

    private Query compound(List<Table> tables) {
        String[] ops = {"UNION", "UNION ALL", "INTERSECT", "EXCEPT"};
        Select left = select(tables, true);
        Select right = select(tables, true);
        return new FuzzCase.Compound(left, ops[r.nextInt(ops.length)], right);
    }

    /** A SELECT; {@code oneInteger} for a set operation's operand (one INTEGER-valued item, no ORDER BY). */
    private Select select(List<Table> tables, boolean oneInteger) {
        List<Typed> cols = new ArrayList<>();
        String from = from(tables, cols);
        String where = r.nextInt(3) == 0 ? null : predicate(cols, tables, 2);
        if (oneInteger) {
            List<Typed> ints = cols.stream().filter(c -> c.sort() == Sort.INT).toList();
            Typed c = ints.get(r.nextInt(ints.size()));
            String item = r.nextInt(3) == 0 ? c.name() + " + " + literal(Sort.INT, false) : c.name();
            return new Select(r.nextBoolean(), List.of(item), from, where, null, null, null, null);
        }
        boolean grouped = r.nextInt(4) == 0;
        List<String> items = new ArrayList<>();
        String groupBy = null;
        String having = null;
        if (grouped) {
            Typed g = pick(cols);
            Typed g2 = r.nextInt(3) == 0 ? pick(cols) : null;
            groupBy = g.name() + (g2 == null || g2 == g ? "" : ", " + g2.name());
            items.add(g.name());
            int aggs = 1 + r.nextInt(2);
            for (int i = 0; i < aggs; i++) {
                items.add(aggregate(cols));
            }
            if (r.nextInt(12) == 0) {
                items.add(pick(cols).name()); // often not grouped: H2 says 90016
            }
            if (r.nextInt(3) == 0) {
                having = r.nextBoolean() ? "COUNT(*) > " + r.nextInt(3) : aggregate(cols) + " IS NOT NULL";
            }
        } else {
            int n = 1 + r.nextInt(3);
            for (int i = 0; i < n; i++) {
                items.add(item(cols));
            }
        }
        boolean distinct = r.nextInt(3) == 0;
        String orderBy = null;
        String limit = null;
        if (r.nextInt(3) == 0) {
            List<String> keys = new ArrayList<>();
            List<Integer> positions = new ArrayList<>();
            for (int i = 1; i <= items.size(); i++) {
                positions.add(i);
            }
            java.util.Collections.shuffle(positions, r);
            for (int p : positions) {
                String key = r.nextInt(3) == 0 && !grouped && !items.get(p - 1).contains("(")
                        ? items.get(p - 1) : Integer.toString(p);
                keys.add(key + (r.nextBoolean() ? "" : " DESC") + (r.nextInt(4) == 0 ? " NULLS FIRST" : ""));
            }
            orderBy = String.join(", ", keys);
            if (r.nextBoolean()) {
                limit = Integer.toString(r.nextInt(5)) + (r.nextInt(4) == 0 ? " OFFSET " + r.nextInt(3) : "");
            }
        }
        return new Select(distinct, items, from, where, groupBy, having, orderBy, limit);
    }

    private String from(List<Table> tables, List<Typed> cols) {
        Table a = tables.get(r.nextInt(tables.size()));
        addColumns(a, cols);
        if (tables.size() == 1 || r.nextInt(3) != 0) {
            return a.name();
        }
        Table b = tables.get(r.nextInt(tables.size()));
        if (b == a) {
            return a.name();
        }
        addColumns(b, cols);
        return switch (r.nextInt(4)) {
            case 0 -> a.name() + " LEFT JOIN " + b.name() + " ON " + a.name() + "c0 = " + b.name() + "c0";
            case 1 -> a.name() + ", " + b.name();
            default -> a.name() + " JOIN " + b.name() + " ON " + a.name() + "c0 = " + b.name() + "c0";
        };
    }

    private static void addColumns(Table t, List<Typed> cols) {
        for (Column c : t.columns()) {
            cols.add(new Typed(c.name(), sortOf(c.type())));
        }
    }

    private Typed pick(List<Typed> cols) {
        return cols.get(r.nextInt(cols.size()));
    }

    private Typed pick(List<Typed> cols, Sort... sorts) {
        List<Typed> fit = cols.stream().filter(c -> List.of(sorts).contains(c.sort())).toList();
        return fit.isEmpty() ? null : fit.get(r.nextInt(fit.size()));
    }

    private static final Sort[] NUMBERS = {Sort.INT, Sort.BIGINT, Sort.DECIMAL, Sort.DOUBLE};

    private String item(List<Typed> cols) {
        Typed c = pick(cols);
        Typed n = pick(cols, NUMBERS);
        switch (r.nextInt(12)) {
            case 0, 1, 2:
                return c.name();
            case 3:
                return n.name() + " " + "+-*/".charAt(r.nextInt(4)) + " " + (r.nextInt(4) == 0 ? "NULL"
                        : r.nextInt(4) == 0 ? "CAST(NULL AS INTEGER)" : literal(Sort.INT, false));
            case 4: {
                Typed m = pick(cols, NUMBERS);
                return n.name() + " " + "+-*".charAt(r.nextInt(3)) + " " + m.name();
            }
            case 5:
                return "CASE WHEN " + predicate(cols, List.of(), 1) + " THEN " + c.name() + " ELSE "
                        + (r.nextBoolean() ? "NULL" : literal(c.sort(), false)) + " END";
            case 6:
                return switch (r.nextInt(6)) {
                    case 0 -> n.name() + " / -1";
                    case 1 -> "ABS(" + signs() + n.name() + ")";
                    case 2 -> "CAST(" + signs() + n.name() + " AS BIGINT)";
                    case 3 -> signs() + "CAST(" + n.name() + " AS BIGINT)";
                    default -> signs() + n.name();
                };
            case 7: {
                Typed t = pick(cols, Sort.TEXT);
                return t == null ? c.name() : (r.nextBoolean() ? "UPPER(" + t.name() + ")" : "LENGTH(" + t.name() + ")");
            }
            case 8:
                return "COALESCE(" + c.name() + ", " + literal(c.sort(), false) + ")";
            case 9:
                return window(cols);
            case 10:
                return r.nextBoolean() ? literal(Sort.INT, false) : "1 / 0";
            default:
                return "(SELECT COUNT(*) FROM t0 WHERE t0c0 = " + pick(cols, Sort.INT).name() + ")";
        }
    }

    /**
     * Unary signs before an operand: one minus, or a run of two or three signs, each of which H2 applies (a
     * negated NULL is an untyped NULL, a negated minimum overflows).
     */
    private String signs() {
        if (r.nextInt(3) == 0) {
            return "-";
        }
        StringBuilder run = new StringBuilder();
        for (int i = 2 + r.nextInt(2); i > 0; i--) {
            run.append(r.nextBoolean() ? "- " : "+ ");
        }
        return run.toString();
    }

    /**
     * A condition over a run of signs, each a negation in H2 that fails on the type's minimum: {@code - - c < 5}
     * is not {@code c < 5} where c is -2147483648. Also a sign run over an extreme constant ({@code - - 2147483648}).
     */
    private String signedPredicate(List<Typed> cols) {
        Typed n = pick(cols, NUMBERS);
        String signed = signs() + n.name();
        String[] cmp = {"=", "<>", "<", "<=", ">", ">="};
        String k = literal(Sort.INT, false);
        return switch (r.nextInt(7)) {
            case 0 -> k + " " + cmp[r.nextInt(cmp.length)] + " " + signed;
            case 1 -> signed + (r.nextInt(4) == 0 ? " NOT" : "") + " IN (" + k + ", " + literal(Sort.INT, false) + ")";
            case 2 -> signed + (r.nextBoolean() ? " IS NULL" : " IS NOT NULL");
            case 3 -> signed + " BETWEEN " + k + " AND " + literal(Sort.INT, false);
            case 4 -> n.name() + " " + cmp[r.nextInt(cmp.length)] + " " + signs() + " "
                    + (r.nextBoolean() ? "2147483648" : "-9223372036854775808");
            default -> signed + " " + cmp[r.nextInt(cmp.length)] + " " + k;
        };
    }

    private String window(List<Typed> cols) {
        Typed c = pick(cols);
        Typed n = pick(cols, NUMBERS);
        return switch (r.nextInt(4)) {
            case 0 -> "COUNT(*) OVER (PARTITION BY " + c.name() + ")";
            case 1 -> "SUM(" + n.name() + ") OVER (PARTITION BY " + c.name() + ")";
            case 2 -> "RANK() OVER (ORDER BY " + c.name() + ")";
            default -> "MAX(" + n.name() + ") OVER ()";
        };
    }

    private String aggregate(List<Typed> cols) {
        Typed c = pick(cols);
        Typed n = pick(cols, NUMBERS);
        return switch (r.nextInt(8)) {
            case 7 -> (r.nextBoolean() ? "SUM(" : "AVG(") + signs() + switch (r.nextInt(3)) {
                case 0 -> "NULL";
                case 1 -> "CAST(NULL AS INTEGER)";
                default -> n.name();
            } + ")";
            case 0 -> "COUNT(*)";
            case 1 -> "COUNT(" + c.name() + ")";
            case 2 -> "SUM(" + n.name() + ")";
            case 3 -> "MIN(" + c.name() + ")";
            case 4 -> "MAX(" + c.name() + ")";
            case 5 -> "COUNT(DISTINCT " + c.name() + ")";
            default -> "AVG(" + n.name() + ")";
        };
    }

    private String predicate(List<Typed> cols, List<Table> tables, int depth) {
        if (r.nextInt(8) == 0) {
            return signedPredicate(cols);
        }
        int k = r.nextInt(depth > 0 ? 13 : 9);
        Typed c = pick(cols);
        String[] cmp = {"=", "<>", "<", "<=", ">", ">="};
        switch (k) {
            case 0, 1, 2:
                return c.name() + " " + cmp[r.nextInt(cmp.length)] + " " + literal(c.sort(), false);
            case 3:
                return c.name() + (r.nextBoolean() ? " IS NULL" : " IS NOT NULL");
            case 4: {
                String a = literal(c.sort(), false);
                String b = literal(c.sort(), false);
                return c.name() + (r.nextInt(4) == 0 ? " NOT" : "") + " BETWEEN " + a + " AND " + b;
            }
            case 5:
                return c.name() + (r.nextInt(4) == 0 ? " NOT" : "") + " IN (" + literal(c.sort(), false) + ", "
                        + literal(c.sort(), false) + ", " + literal(c.sort(), false) + ")";
            case 6: {
                Typed t = pick(cols, Sort.TEXT);
                if (t == null) {
                    return c.name() + " IS NOT NULL";
                }
                String[] pats = {"'%a%'", "'ka%'", "'%o'", "'_o%'", "'lo'", "'%'", "'%mi ne%'"};
                return t.name() + (r.nextInt(4) == 0 ? " NOT" : "") + " LIKE " + pats[r.nextInt(pats.length)];
            }
            case 7: {
                Typed d = cols.stream().filter(x -> x.sort() == c.sort() && x != c).findAny().orElse(c);
                return c.name() + " " + cmp[r.nextInt(cmp.length)] + " " + d.name();
            }
            case 8: {
                Typed n = pick(cols, NUMBERS);
                return n.name() + " + " + literal(Sort.INT, false) + " > " + literal(Sort.INT, false);
            }
            case 9:
                return "NOT (" + predicate(cols, tables, depth - 1) + ")";
            case 10:
                return "(" + predicate(cols, tables, depth - 1) + (r.nextBoolean() ? " AND " : " OR ")
                        + predicate(cols, tables, depth - 1) + ")";
            case 11: {
                if (tables.isEmpty()) {
                    return c.name() + " IS NULL";
                }
                Table t = tables.get(r.nextInt(tables.size()));
                Typed key = pick(cols, Sort.INT);
                return key.name() + (r.nextInt(4) == 0 ? " NOT" : "") + " IN (SELECT " + t.name() + "c0 FROM "
                        + t.name() + ")";
            }
            default: {
                if (tables.isEmpty()) {
                    return c.name() + " IS NOT NULL";
                }
                Table t = tables.get(r.nextInt(tables.size()));
                Typed key = pick(cols, Sort.INT);
                return (r.nextBoolean() ? "EXISTS" : "NOT EXISTS") + " (SELECT 1 FROM " + t.name() + " s WHERE s."
                        + t.name() + "c0 = " + key.name() + ")";
            }
        }
    }
}
