package org.maat.encdb.jdbc;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;
import org.maat.keys.KeyFile;
import org.maat.keys.KeySource;
import org.maat.keys.KeySources;
import org.maat.keys.KeyUnavailableException;
import org.maat.encdb.rewrite.RewriteOptions;

/**
 * The encrypted layer's JDBC driver: {@code jdbc:maat:h2:<any H2 URL>}. Connections accept the
 * application's plaintext SQL, store only ciphertext in H2 and return decrypted results. The master
 * key comes from exactly one of two properties: {@code maat.keySource}, a {@link KeySources} spec
 * ({@code file:PATH}, or a provider's such as {@code vault:DIR/COLLECTION/NAME}), or {@code maat.keyFile},
 * the path of a key file; with {@code maat.createKey=true} a key file that does not exist is created.
 * Both may also be given in the URL, as H2 settings are: {@code jdbc:maat:h2:file:DIR/hr;maat.keySource=SPEC}
 * (they are taken out before H2 sees the URL). Programs holding a {@link KeySource} pass it to
 * {@link #connect(String, KeySource)}. Other properties
 * ({@code user}, {@code password}) go to H2. A key that cannot be had fails with SQLState 28000 and a
 * message naming where it was looked for, never the key. Registered through ServiceLoader.
 */
public final class MaatDriver implements Driver {

    /** URL prefix; the rest, after {@code jdbc:}, is an H2 URL. */
    public static final String PREFIX = "jdbc:maat:h2:";
    /** Path of the master key file; the alternative to {@link #KEY_SOURCE}. */
    public static final String KEY_FILE = "maat.keyFile";
    /** A key spec for {@link KeySources#open}, e.g. {@code vault:/srv/vault/hr/master}; the alternative to {@link #KEY_FILE}. */
    public static final String KEY_SOURCE = "maat.keySource";
    public static final String CREATE_KEY = "maat.createKey";
    /** {@code hom}: select-list arithmetic on the Add onion inside H2; {@code client} (default): on decrypted values. */
    public static final String SELECT_ARITHMETIC = "maat.selectArithmetic";

    static {
        try {
            DriverManager.registerDriver(new MaatDriver());
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A connection to the H2 database {@code h2Url} ({@code jdbc:h2:...}) encrypted under {@code keys}. */
    public static MaatConnection connect(String h2Url, KeySource keys) throws SQLException {
        return connect(h2Url, new Properties(), keys);
    }

    /** As {@link #connect(String, KeySource)}, passing {@code h2Properties} (user, password, H2 settings) to H2. */
    public static MaatConnection connect(String h2Url, Properties h2Properties, KeySource keys) throws SQLException {
        return connect(h2Url, h2Properties, keys, RewriteOptions.DEFAULT);
    }

    static MaatConnection connect(String h2Url, Properties h2Properties, KeySource keys, RewriteOptions options)
            throws SQLException {
        if (!h2Url.startsWith("jdbc:h2:")) {
            throw new SQLException("not an H2 URL: " + h2Url + " (expected jdbc:h2:...)", "08001");
        }
        EncryptedDatabase db = EncryptedDatabase.acquire(h2Url, h2Properties, keys, options);
        try {
            return new MaatConnection(db, db.openPhysical(), PREFIX + h2Url.substring("jdbc:h2:".length()));
        } catch (SQLException | RuntimeException e) {
            db.release();
            throw e;
        }
    }

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null; // JDBC: another driver's URL
        }
        Properties props = new Properties();
        if (info != null) {
            props.putAll(info);
        }
        String h2Part = moveMaatSettings(url.substring(PREFIX.length()), props);
        KeySource keys = openKey(props);
        Properties h2 = new Properties();
        for (String name : props.stringPropertyNames()) {
            if (!name.startsWith("maat.")) {
                h2.setProperty(name, props.getProperty(name));
            }
        }
        String arithmetic = props.getProperty(SELECT_ARITHMETIC, "client");
        if (!arithmetic.equals("client") && !arithmetic.equals("hom")) {
            throw new SQLException("property " + SELECT_ARITHMETIC + " must be client or hom, not " + arithmetic, "08001");
        }
        return connect("jdbc:h2:" + h2Part, h2, keys, new RewriteOptions(arithmetic.equals("hom")));
    }

    /**
     * Moves the URL's {@code ;maat.NAME=VALUE} settings (e.g. {@code ;maat.keySource=vault:/srv/vault/hr/master})
     * into {@code props} and returns the rest, the H2 URL, which must not see them (H2 refuses unknown
     * settings). A setting given both in the URL and as a property with another value is an error, not a
     * silent choice between two keys.
     */
    private static String moveMaatSettings(String h2Part, Properties props) throws SQLException {
        String[] parts = h2Part.split(";", -1);
        StringBuilder rest = new StringBuilder(parts[0]);
        for (int i = 1; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            String name = eq < 0 ? parts[i] : parts[i].substring(0, eq);
            if (!name.startsWith("maat.")) {
                rest.append(';').append(parts[i]);
                continue;
            }
            if (eq < 0) {
                throw new SQLException("URL setting " + name + " has no value: expected ;" + name + "=VALUE", "08001");
            }
            String value = parts[i].substring(eq + 1);
            String given = props.getProperty(name);
            if (given != null && !given.equals(value)) {
                throw new SQLException(name + " is set both in the URL and as a property, to different values: "
                        + "set it once", "08001");
            }
            props.setProperty(name, value);
        }
        return rest.toString();
    }

    /** The key named by exactly one of {@link #KEY_FILE} and {@link #KEY_SOURCE}. */
    private static KeySource openKey(Properties props) throws SQLException {
        String keyFile = props.getProperty(KEY_FILE);
        String keySource = props.getProperty(KEY_SOURCE);
        boolean create = Boolean.parseBoolean(props.getProperty(CREATE_KEY));
        boolean hasFile = keyFile != null && !keyFile.isBlank();
        boolean hasSource = keySource != null && !keySource.isBlank();
        if (hasFile == hasSource) {
            throw new SQLException((hasFile ? "properties " + KEY_FILE + " and " + KEY_SOURCE + " are both set: set one"
                    : "property " + KEY_SOURCE + " or " + KEY_FILE + " is required") + " (" + KEY_SOURCE + ": "
                    + KeySources.usages() + "; " + KEY_FILE + ": the path of the master key file; set " + CREATE_KEY
                    + "=true to create a key file)", "08001");
        }
        if (hasFile) {
            try {
                return create ? KeyFile.createIfAbsent(Path.of(keyFile)) : KeyFile.open(Path.of(keyFile));
            } catch (RuntimeException e) {
                throw new SQLException("cannot use key file " + keyFile + ": " + e.getMessage(), "28000", e);
            }
        }
        try {
            return create ? KeySources.openCreatingFile(keySource) : KeySources.open(keySource);
        } catch (KeyUnavailableException e) {
            throw new SQLException("cannot use key source " + keySource + ": " + e.getMessage(), "28000", e);
        } catch (IllegalArgumentException e) {
            throw new SQLException("property " + KEY_SOURCE + ": " + e.getMessage(), "08001", e);
        }
    }

    @Override
    public boolean acceptsURL(String url) {
        return url != null && url.startsWith(PREFIX);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
        DriverPropertyInfo source = new DriverPropertyInfo(KEY_SOURCE, info == null ? null : info.getProperty(KEY_SOURCE));
        source.description = "where the master key comes from: " + KeySources.usages() + " (or set " + KEY_FILE + ")";
        DriverPropertyInfo key = new DriverPropertyInfo(KEY_FILE, info == null ? null : info.getProperty(KEY_FILE));
        key.description = "path of the 32-byte master key file (or set " + KEY_SOURCE + ")";
        DriverPropertyInfo create = new DriverPropertyInfo(CREATE_KEY, info == null ? null : info.getProperty(CREATE_KEY));
        create.description = "true: create the key file (" + KEY_FILE + ", or a file: " + KEY_SOURCE
                + ") with a fresh random key when it does not exist";
        create.choices = new String[] {"true", "false"};
        return new DriverPropertyInfo[] {source, key, create};
    }

    @Override
    public int getMajorVersion() {
        return 0;
    }

    @Override
    public int getMinorVersion() {
        return 1;
    }

    @Override
    public boolean jdbcCompliant() {
        return false; // a subset of SQL on encrypted columns
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("java.util.logging is not used");
    }
}
