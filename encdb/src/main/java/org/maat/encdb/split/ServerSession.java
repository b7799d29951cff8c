package org.maat.encdb.split;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The settings of the server's database and session that change a statement's answer, as the commands
 * that give the client H2 the same ones: COLLATION (set before any table exists), DEFAULT_NULL_ORDERING,
 * MODE, TIME ZONE, and the session's {@code @variables} with their values. Read from H2's own
 * INFORMATION_SCHEMA.SETTINGS and SESSION_STATE at each split statement, so a {@code SET} the application
 * ran a moment ago applies too.
 *
 * <p>Not mirrored: settings about storage, caches and optimizer switches (they change no answer), and the
 * current schema (the client holds the application's tables in PUBLIC).
 */
public final class ServerSession {

    /** Database settings copied as {@code SET name value}, with the value that means "as by default". */
    private static final Map<String, String> SETTINGS = Map.of("DEFAULT_NULL_ORDERING", "LOW", "MODE", "REGULAR",
            "TRUNCATE_LARGE_LENGTH", "FALSE", "VARIABLE_BINARY", "FALSE");

    private final String collation;
    private final List<String> settings;
    private final Map<String, String> variables;

    private ServerSession(String collation, List<String> settings, Map<String, String> variables) {
        this.collation = collation;
        this.settings = List.copyOf(settings);
        this.variables = variables;
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
        Map<String, String> variables = new TreeMap<>();
        try (Statement st = server.createStatement();
                ResultSet rs = st.executeQuery("SELECT STATE_KEY, STATE_COMMAND FROM INFORMATION_SCHEMA.SESSION_STATE")) {
            while (rs.next()) {
                String key = rs.getString(1);
                if (key.startsWith("@")) {
                    variables.put(key, rs.getString(2));
                } else if (key.equals("TIME ZONE")) {
                    timeZone = rs.getString(2);
                }
            }
        }
        settings.add(timeZone);
        return new ServerSession(collation, settings, variables);
    }

    /**
     * Gives the client H2 these settings. It must hold no table (a collation is fixed once one exists);
     * variables the server no longer has are cleared.
     */
    void applyTo(Connection client) throws SQLException {
        try (Statement st = client.createStatement()) {
            st.execute("SET COLLATION " + collation);
            for (String s : settings) {
                st.execute(s);
            }
            List<String> stale = new ArrayList<>();
            try (ResultSet rs = st.executeQuery("SELECT STATE_KEY FROM INFORMATION_SCHEMA.SESSION_STATE "
                    + "WHERE STATE_KEY LIKE '@%'")) {
                while (rs.next()) {
                    if (!variables.containsKey(rs.getString(1))) {
                        stale.add(rs.getString(1));
                    }
                }
            }
            for (String v : stale) {
                st.execute("SET " + v + " NULL");
            }
            for (String command : variables.values()) {
                st.execute(command);
            }
        }
    }
}
