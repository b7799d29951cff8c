package org.maat.encdb.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;

/**
 * The one way the encrypted layer opens H2: through the H2 driver of this module's own class loader,
 * not a lookup in the JVM-wide {@link java.sql.DriverManager}. The manager's registry depends on
 * which class loader first initialised it and on what other components registered or removed (a
 * web application deregisters the H2 driver of its own class loader when it is undeployed, and an
 * embedded container that initialised the manager leaves it without the launcher's H2), so a lookup
 * can fail with "No suitable driver" in a process where H2 is on the class path.
 */
public final class H2Connections {

    private H2Connections() {
    }

    /** A connection to {@code h2Url} ({@code jdbc:h2:...}) with {@code properties} passed to H2. */
    public static Connection open(String h2Url, Properties properties) throws SQLException {
        Connection connection = org.h2.Driver.load().connect(h2Url, properties);
        if (connection == null) {
            throw new SQLException("not an H2 URL: " + h2Url + " (expected jdbc:h2:...)", "08001");
        }
        return connection;
    }

    /** As {@link #open(String, Properties)} with no properties. */
    public static Connection open(String h2Url) throws SQLException {
        return open(h2Url, new Properties());
    }

    /**
     * A connection to the server's database {@code h2Url} with H2's trace file off ({@code TRACE_LEVEL_FILE=0},
     * replacing any level the URL or {@code properties} ask for): H2 writes a failed statement's text with its
     * literals to {@code NAME.trace.db} beside the database, and the encrypted layer keeps plaintext off the
     * server's disk.
     */
    public static Connection openServer(String h2Url, Properties properties) throws SQLException {
        Properties quiet = new Properties();
        for (String name : properties.stringPropertyNames()) {
            if (!name.equalsIgnoreCase("TRACE_LEVEL_FILE")) {
                quiet.setProperty(name, properties.getProperty(name));
            }
        }
        String url = TRACE_SETTING.matcher(h2Url).replaceAll("") + ";TRACE_LEVEL_FILE=0";
        return open(url, quiet);
    }

    private static final java.util.regex.Pattern TRACE_SETTING =
            java.util.regex.Pattern.compile("(?i);\\s*TRACE_LEVEL_FILE\\s*=[^;]*");
}
