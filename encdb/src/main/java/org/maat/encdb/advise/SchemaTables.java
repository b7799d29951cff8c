package org.maat.encdb.advise;

import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.create.table.ColumnDefinition;
import net.sf.jsqlparser.statement.create.table.CreateTable;
import net.sf.jsqlparser.statement.create.table.Index;
import org.maat.encdb.rewrite.StatementParser;
import org.maat.encdb.schema.ColumnType;
import org.maat.encdb.schema.Identifiers;

/**
 * The tables of the advised schema as their CREATE TABLE statements declare them: each column's logical
 * type, whether it is part of a key (PRIMARY KEY, UNIQUE, either side of a FOREIGN KEY: the driver gives
 * such a column no Add onion), and the {@code maat:} annotation it already has.
 */
final class SchemaTables {

    /** One declared column. {@code type} is null for a plaintext column of a type the onions do not know. */
    record Column(String table, String name, ColumnType type, boolean key, String declared,
            ColumnDefinition definition) {

        boolean plaintext() {
            return declared != null && declared.toLowerCase(Locale.ROOT).contains("plaintext");
        }
    }

    record Table(String name, CreateTable statement, Map<String, Column> columns) {
    }

    private static final Pattern TYPE = Pattern.compile(
            "^\\s*([A-Za-z_][A-Za-z0-9_ ]*?)\\s*(?:\\(\\s*(\\d+)\\s*(?:,\\s*(\\d+)\\s*)?\\))?\\s*$");

    private final Map<String, Table> tables = new LinkedHashMap<>();

    SchemaTables(List<String> createTables) throws SQLException {
        for (String sql : createTables) {
            Statement st = StatementParser.parse(sql);
            if (!(st instanceof CreateTable ct)) {
                throw new SQLSyntaxErrorException("not a CREATE TABLE statement: " + sql, "42000");
            }
            add(ct);
        }
    }

    private void add(CreateTable ct) throws SQLException {
        String name = Identifiers.normalize(ct.getTable().getName());
        List<String> keyColumns = new ArrayList<>();
        if (ct.getIndexes() != null) {
            for (Index ix : ct.getIndexes()) {
                ix.getColumnsNames().forEach(c -> keyColumns.add(Identifiers.normalize(c)));
            }
        }
        Map<String, Column> columns = new LinkedHashMap<>();
        for (ColumnDefinition cd : ct.getColumnDefinitions()) {
            String col = Identifiers.normalize(cd.getColumnName());
            List<String> specs = cd.getColumnSpecs() == null ? List.of() : cd.getColumnSpecs();
            String upper = String.join(" ", specs).toUpperCase(Locale.ROOT);
            String declared = null;
            for (int i = 0; i + 1 < specs.size(); i++) {
                if (specs.get(i).equalsIgnoreCase("COMMENT") && specs.get(i + 1).contains("maat:")) {
                    declared = specs.get(i + 1);
                }
            }
            boolean key = keyColumns.contains(col) || upper.contains("PRIMARY KEY") || upper.matches(".*\\bUNIQUE\\b.*")
                    || upper.contains("REFERENCES");
            ColumnType type;
            try {
                type = type(cd);
            } catch (SQLException unknown) {
                if (declared == null || !declared.toLowerCase(Locale.ROOT).contains("plaintext")) {
                    throw new SQLException("column " + name + "." + col + ": " + unknown.getMessage(), "0A000", unknown);
                }
                type = null;
            }
            columns.put(col, new Column(name, col, type, key, declared, cd));
        }
        tables.put(name, new Table(name, ct, columns));
    }

    /** The logical type, read as the driver's DDL rewriter reads it ({@code NAME[(p[,s])]}). */
    private static ColumnType type(ColumnDefinition cd) throws SQLException {
        String text = cd.getColDataType().toString();
        Matcher m = TYPE.matcher(text);
        if (!m.matches()) {
            throw new SQLException("unsupported column type " + text, "0A000");
        }
        List<Integer> args = new ArrayList<>();
        for (int g = 2; g <= 3; g++) {
            if (m.group(g) != null) {
                args.add(Integer.parseInt(m.group(g)));
            }
        }
        return ColumnType.of(m.group(1), args);
    }

    /** The table named {@code name} (normalized), or null. */
    Table table(String name) {
        return tables.get(name);
    }

    Iterable<Table> tables() {
        return tables.values();
    }
}
