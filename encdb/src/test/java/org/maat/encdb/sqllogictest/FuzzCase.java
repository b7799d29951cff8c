package org.maat.encdb.sqllogictest;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * One differential case: tables (their columns and rows) and one query over them. Everything is SQL text
 * so a case prints as a reproduction a reader can paste into H2; {@link #shrunk} makes it smaller while a
 * predicate (still a mismatch) holds.
 */
public record FuzzCase(List<Table> tables, Query query) {

    /** A column: its name, DDL type and annotation comment (null for the default onions). */
    public record Column(String name, String type, String comment) {
        String ddl() {
            return name + " " + type + (comment == null ? "" : " COMMENT '" + comment + "'");
        }
    }

    /** A table: columns and rows, each row the SQL literals of its values in column order. */
    public record Table(String name, List<Column> columns, List<List<String>> rows) {
        String ddl() {
            return "CREATE TABLE " + name + " (" + String.join(", ", columns.stream().map(Column::ddl).toList()) + ")";
        }

        List<String> inserts() {
            List<String> out = new ArrayList<>();
            for (List<String> row : rows) {
                out.add("INSERT INTO " + name + " VALUES (" + String.join(", ", row) + ")");
            }
            return out;
        }

        Table withRows(List<List<String>> r) {
            return new Table(name, columns, r);
        }

        Table without(int column) {
            List<Column> cs = new ArrayList<>(columns);
            cs.remove(column);
            List<List<String>> rs = new ArrayList<>();
            for (List<String> row : rows) {
                List<String> copy = new ArrayList<>(row);
                copy.remove(column);
                rs.add(copy);
            }
            return new Table(name, cs, rs);
        }
    }

    /** A query in parts, so that shrinking can drop a part; {@link #sql} renders it. */
    public sealed interface Query permits Select, Compound {
        String sql();

        /** Simpler queries to try while shrinking, simplest first. */
        List<Query> simpler();

        /** Whether the answer's row order is defined (compared in order), else compared as a multiset. */
        boolean ordered();
    }

    /** {@code SELECT [DISTINCT] items FROM from [WHERE] [GROUP BY] [HAVING] [ORDER BY] [LIMIT]}. */
    public record Select(boolean distinct, List<String> items, String from, String where, String groupBy,
            String having, String orderBy, String limit) implements Query {
        @Override
        public String sql() {
            StringBuilder s = new StringBuilder("SELECT ");
            if (distinct) {
                s.append("DISTINCT ");
            }
            s.append(String.join(", ", items)).append(" FROM ").append(from);
            append(s, " WHERE ", where);
            append(s, " GROUP BY ", groupBy);
            append(s, " HAVING ", having);
            append(s, " ORDER BY ", orderBy);
            append(s, " LIMIT ", limit);
            return s.toString();
        }

        private static void append(StringBuilder s, String keyword, String part) {
            if (part != null) {
                s.append(keyword).append(part);
            }
        }

        @Override
        public boolean ordered() {
            return orderBy != null;
        }

        @Override
        public List<Query> simpler() {
            List<Query> out = new ArrayList<>();
            if (limit != null) {
                out.add(new Select(distinct, items, from, where, groupBy, having, orderBy, null));
            }
            if (where != null) {
                out.add(new Select(distinct, items, from, null, groupBy, having, orderBy, limit));
            }
            if (having != null) {
                out.add(new Select(distinct, items, from, where, groupBy, null, orderBy, limit));
            }
            if (orderBy != null && limit == null) {
                out.add(new Select(distinct, items, from, where, groupBy, having, null, null));
            }
            if (distinct) {
                out.add(new Select(false, items, from, where, groupBy, having, orderBy, limit));
            }
            if (items.size() > 1 && orderBy == null) {
                for (int i = 0; i < items.size(); i++) {
                    List<String> fewer = new ArrayList<>(items);
                    fewer.remove(i);
                    out.add(new Select(distinct, fewer, from, where, groupBy, having, orderBy, limit));
                }
            }
            return out;
        }
    }

    /** {@code (left) op (right)}: UNION [ALL], INTERSECT, EXCEPT. */
    public record Compound(Query left, String op, Query right) implements Query {
        @Override
        public String sql() {
            return "(" + left.sql() + ") " + op + " (" + right.sql() + ")";
        }

        @Override
        public boolean ordered() {
            return false;
        }

        @Override
        public List<Query> simpler() {
            List<Query> out = new ArrayList<>(List.of(left, right));
            left.simpler().forEach(l -> out.add(new Compound(l, op, right)));
            right.simpler().forEach(r -> out.add(new Compound(left, op, r)));
            return out;
        }
    }

    /** The statements that build the tables and fill them, in order. */
    List<String> setup() {
        List<String> out = new ArrayList<>();
        for (Table t : tables) {
            out.add(t.ddl());
            out.addAll(t.inserts());
        }
        return out;
    }

    /**
     * A smaller case for which {@code stillFails} holds: fewer rows (halves, then one at a time), columns the
     * query does not name dropped, tables it does not name dropped, and simpler queries, until none helps.
     */
    FuzzCase shrunk(Predicate<FuzzCase> stillFails) {
        FuzzCase c = this;
        boolean progress = true;
        while (progress) {
            progress = false;
            for (Query q : c.query.simpler()) {
                FuzzCase t = new FuzzCase(c.tables, q);
                if (stillFails.test(t)) {
                    c = t;
                    progress = true;
                    break;
                }
            }
            for (int ti = 0; ti < c.tables.size(); ti++) {
                Table table = c.tables.get(ti);
                if (!mentions(c.query.sql(), table.name())) {
                    FuzzCase t = c.withTables(ti, null);
                    if (stillFails.test(t)) {
                        c = t;
                        progress = true;
                        ti--;
                    }
                    continue;
                }
                for (int chunk = Math.max(1, table.rows().size() / 2); chunk >= 1; chunk /= 2) {
                    for (int from = 0; from + chunk <= c.tables.get(ti).rows().size(); ) {
                        List<List<String>> rows = new ArrayList<>(c.tables.get(ti).rows());
                        rows.subList(from, from + chunk).clear();
                        FuzzCase t = c.withTables(ti, c.tables.get(ti).withRows(rows));
                        if (stillFails.test(t)) {
                            c = t;
                            progress = true;
                        } else {
                            from += chunk;
                        }
                    }
                    if (chunk == 1) {
                        break;
                    }
                }
                for (int col = c.tables.get(ti).columns().size() - 1; col >= 0; col--) {
                    Table now = c.tables.get(ti);
                    if (now.columns().size() > 1 && !mentions(c.query.sql(), now.columns().get(col).name())) {
                        FuzzCase t = c.withTables(ti, now.without(col));
                        if (stillFails.test(t)) {
                            c = t;
                            progress = true;
                        }
                    }
                }
            }
        }
        return c;
    }

    private FuzzCase withTables(int index, Table replacement) {
        List<Table> ts = new ArrayList<>(tables);
        if (replacement == null) {
            ts.remove(index);
        } else {
            ts.set(index, replacement);
        }
        return new FuzzCase(ts, query);
    }

    private static boolean mentions(String sql, String name) {
        return sql.toUpperCase(java.util.Locale.ROOT).matches("(?s).*\\b" + name.toUpperCase(java.util.Locale.ROOT)
                + "\\b.*");
    }

    /** Schema, rows and query, as SQL a reader can paste. */
    public String script() {
        StringBuilder s = new StringBuilder();
        for (String st : setup()) {
            s.append(st).append(";\n");
        }
        return s.append(query.sql()).append(";").toString();
    }
}
