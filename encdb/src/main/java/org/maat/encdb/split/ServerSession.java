package org.maat.encdb.split;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.maat.encdb.lex.SqlLexer;

/**
 * The settings of the server's database and session that change a statement's answer, as the commands
 * that give the client H2 the same ones: COLLATION (set before any table exists), DEFAULT_NULL_ORDERING,
 * MODE and TIME ZONE. Read from H2's own INFORMATION_SCHEMA.SETTINGS and SESSION_STATE at each split
 * statement, so a {@code SET} the application ran a moment ago applies too. The server's session holds no
 * {@code @variables}: the driver refuses {@code SET @name} and the {@code SET} function, whose values H2
 * would hold in plaintext.
 *
 * <p>Also the exact declared type of a plaintext column ({@link #declaredType}), from the table's SQL as
 * H2 itself writes it ({@code DB_OBJECT_SQL}), so precision, interval qualifiers and ENUM values are kept.
 *
 * <p>Not mirrored: settings about storage, caches and optimizer switches (they change no answer), and the
 * current schema (the client holds the application's tables in PUBLIC).
 */
public final class ServerSession {

    /** Database settings copied as {@code SET name value}, with the value that means "as by default". */
    private static final Map<String, String> SETTINGS = Map.of("DEFAULT_NULL_ORDERING", "LOW", "MODE", "REGULAR",
            "TRUNCATE_LARGE_LENGTH", "FALSE", "VARIABLE_BINARY", "FALSE");

    private final Connection server;
    private final String collation;
    private final List<String> settings;
    /** Declared column types by table, read on first use. */
    private final Map<String, Map<String, String>> declared = new java.util.HashMap<>();

    private ServerSession(Connection server, String collation, List<String> settings) {
        this.server = server;
        this.collation = collation;
        this.settings = List.copyOf(settings);
    }

    /** The settings of {@code server}'s database and session now. */
    public static ServerSession read(Connection server) throws SQLException {
        String collation = "OFF";
        Map<String, String> found = new TreeMap<>();
        try (Statement st = server.createStatement();
                ResultSet rs = st.executeQuery("SELECT SETTING_NAME, SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS "
                        + "WHERE SETTING_NAME IN ('COLLATION', 'DEFAULT_NULL_ORDERING', 'MODE', "
                        + "'TRUNCATE_LARGE_LENGTH', 'VARIABLE_BINARY')")) {
            while (rs.next()) {
                if (rs.getString(1).equals("COLLATION")) {
                    collation = rs.getString(2) == null || rs.getString(2).isEmpty() ? "OFF" : rs.getString(2);
                } else {
                    found.put(rs.getString(1), rs.getString(2));
                }
            }
        }
        List<String> settings = new ArrayList<>();
        for (Map.Entry<String, String> e : new TreeMap<>(SETTINGS).entrySet()) {
            settings.add("SET " + e.getKey() + " " + found.getOrDefault(e.getKey(), e.getValue()));
        }
        String timeZone = "SET TIME ZONE LOCAL";
        try (Statement st = server.createStatement();
                ResultSet rs = st.executeQuery("SELECT STATE_COMMAND FROM INFORMATION_SCHEMA.SESSION_STATE "
                        + "WHERE STATE_KEY = 'TIME ZONE'")) {
            if (rs.next()) {
                timeZone = rs.getString(1);
            }
        }
        settings.add(timeZone);
        return new ServerSession(server, collation, settings);
    }

    /** Whether {@code other} gives the client the same settings (then they need not be applied again). */
    boolean sameSettings(ServerSession other) {
        return other != null && collation.equals(other.collation) && settings.equals(other.settings);
    }

    /** Gives the client H2 these settings. It must hold no table (a collation is fixed once one exists). */
    void applyTo(Connection client) throws SQLException {
        try (Statement st = client.createStatement()) {
            st.execute("SET COLLATION " + collation);
            for (String s : settings) {
                st.execute(s);
            }
        }
    }

    /**
     * The type of {@code table.column} as the server's table declares it (e.g. {@code TIMESTAMP(9)},
     * {@code INTERVAL DAY(4)}, {@code ENUM('a', 'b')}), without its constraints and default.
     */
    String declaredType(String table, String column) throws SQLException {
        Map<String, String> types = declared.get(table);
        if (types == null) {
            types = columnTypes(table);
            declared.put(table, types);
        }
        String type = types.get(column);
        if (type == null) {
            throw new SQLException("internal: no declared type for " + table + "." + column, "HY000");
        }
        return type;
    }

    /**
     * H2 writes a table's SQL one column a line: {@code     "NAME" TYPE [DEFAULT ...] [NOT NULL] ...,}.
     * The type ends where the first of H2's column clauses begins, outside quotes and parentheses.
     */
    private Map<String, String> columnTypes(String table) throws SQLException {
        String sql;
        try (java.sql.PreparedStatement ps = server.prepareStatement("SELECT DB_OBJECT_SQL('TABLE', 'PUBLIC', ?)")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                sql = rs.next() ? rs.getString(1) : null;
            }
        }
        Map<String, String> out = new java.util.HashMap<>();
        if (sql == null) {
            return out;
        }
        for (String line : sql.split("\n")) {
            String l = line.strip();
            if (!l.startsWith("\"")) {
                continue;
            }
            int end = 1;
            while (end < l.length()) {
                if (l.charAt(end) == '"') {
                    if (end + 1 < l.length() && l.charAt(end + 1) == '"') {
                        end += 2;
                        continue;
                    }
                    break;
                }
                end++;
            }
            String name = l.substring(1, end).replace("\"\"", "\"");
            String rest = l.substring(end + 1).strip();
            if (rest.endsWith(",")) {
                rest = rest.substring(0, rest.length() - 1);
            }
            out.put(name, typeOnly(rest));
        }
        return out;
    }

    private static final List<String> CLAUSES = List.of(" DEFAULT ", " ON UPDATE ", " GENERATED ", " NOT NULL",
            " NULL", " SELECTIVITY ", " INVISIBLE", " VISIBLE", " SEQUENCE ", " COMMENT ", " AS ");

    static String typeOnly(String definition) {
        int depth = 0;
        for (SqlLexer.Span span : SqlLexer.spans(definition)) {
            if (span.kind() != SqlLexer.Kind.CODE) {
                continue; // ENUM values, quoted names: their parentheses and words are not the definition's
            }
            for (int i = span.start(); i < span.end(); i++) {
                char ch = definition.charAt(i);
                if (ch == '(') {
                    depth++;
                } else if (ch == ')') {
                    depth--;
                } else if (depth == 0 && ch == ' ') {
                    for (String clause : CLAUSES) {
                        if (definition.startsWith(clause, i)) {
                            return definition.substring(0, i);
                        }
                    }
                }
            }
        }
        return definition;
    }
}
