package org.maat.erp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.function.Consumer;
import org.maat.encdb.jdbc.H2Connections;
import org.maat.encdb.jdbc.MaatDriver;
import org.maat.encdb.key.KeyDerivation;
import org.maat.encdb.rewrite.KeyRing;
import org.maat.keys.KeyFile;
import org.maat.keys.KeySource;
import org.maat.keys.KeySources;
import org.maat.keys.KeyUnavailableException;

/**
 * An ERP database directory. Layout:
 * <pre>
 * DIR/erp.properties   kind (plain | encrypted), seed, employees, complete (false while loading),
 *                      the command that builds it (repeated in the message for an incomplete one),
 *                      and for an encrypted database where its key is (key = maat.key | external)
 *                      and the key's check value (keycheck), never the key
 * DIR/hr.mv.db         the H2 database (URL jdbc:h2:file:DIR/hr)
 * DIR/maat.key         the 32-byte master key of an encrypted database, unless the key is external
 * </pre>
 * A plain database is opened with H2's own JDBC driver; an encrypted one through Maat's
 * ({@code jdbc:maat:h2:file:DIR/hr}), so the application-side SQL is the same for both. Seed and
 * size are kept so query parameters can be drawn from the data.
 *
 * <p>An encrypted database's key comes from {@code DIR/maat.key} (created with the database) or, when a
 * key source spec is given ({@link KeySources}: {@code file:PATH}, {@code vault:DIR/COLLECTION/NAME}),
 * from there, and then the directory holds no key at all. A key is opened once, with the database, and
 * checked against the recorded check value (the encrypted layer's own, {@link KeyRing#keyCheck()}), so a
 * wrong key fails at {@link #open} and a new key never silently becomes a built database's key: an
 * external-key database opened without its key source fails instead of getting a fresh {@code maat.key}.
 */
public final class ErpDatabase {

    /** Whether H2 holds plaintext or only ciphertext. */
    public enum Kind { PLAIN, ENCRYPTED }

    public static final String PROPERTIES = "erp.properties";
    public static final String H2_NAME = "hr";
    public static final String KEY_FILE = "maat.key";
    /** {@code key} in {@value #PROPERTIES} for a database whose key lies outside its directory. */
    private static final String EXTERNAL_KEY = "external";
    /**
     * Where the database's stored procedure and trigger classes live: H2 keeps their class names, so a
     * database whose schema names another package (Maat before the ERP workload left the driver module
     * named {@code org.maat.encdb.erp}) fails on its first EMPLOYEES update; {@link #open} says so first.
     */
    static final String ROUTINE_PACKAGE = "org.maat.erp";

    /** The files a database consists of; an interrupted build's are removed by {@link #createOrRestart}. */
    private static final List<String> FILES = List.of(PROPERTIES, PROPERTIES + ".tmp", H2_NAME + ".mv.db",
            H2_NAME + ".trace.db", H2_NAME + ".lock.db", KEY_FILE);

    private final Path dir;
    private final Kind kind;
    private final long seed;
    private final int employees;
    private final String buildCommand;
    /** The master key of an encrypted database, null for a plain one. */
    private final KeySource key;
    private final boolean externalKey;

    private ErpDatabase(Path dir, Kind kind, long seed, int employees, String buildCommand, KeySource key,
            boolean externalKey) {
        this.dir = dir;
        this.kind = kind;
        this.seed = seed;
        this.employees = employees;
        this.buildCommand = buildCommand;
        this.key = key;
        this.externalKey = externalKey;
    }

    /**
     * Starts a new database in {@code dir} (created if absent), marked incomplete until
     * {@link #markComplete()}.
     *
     * @throws IllegalArgumentException if {@code dir} already holds a database
     */
    public static ErpDatabase create(Path dir, Kind kind, long seed, int employees) {
        return create(dir, kind, seed, employees, null);
    }

    /**
     * As {@link #create(Path, Kind, long, int)}, recording {@code buildCommand} (the command line that
     * builds the database) so that opening it while incomplete says which command finishes it.
     */
    public static ErpDatabase create(Path dir, Kind kind, long seed, int employees, String buildCommand) {
        return create(dir, kind, seed, employees, buildCommand, null);
    }

    /**
     * As {@link #create(Path, Kind, long, int, String)}, with an encrypted database's master key from
     * {@code keySource} (a {@link KeySources} spec; a key file that does not exist yet is created), so that
     * {@code dir} holds no key; null for the default, a new {@code DIR/maat.key}.
     *
     * @throws IllegalArgumentException if {@code dir} already holds a database, or {@code keySource} is
     *     malformed or given for a plain database
     * @throws KeyUnavailableException if the key cannot be had
     */
    public static ErpDatabase create(Path dir, Kind kind, long seed, int employees, String buildCommand,
            String keySource) {
        Path abs = dir.toAbsolutePath().normalize();
        if (kind == Kind.PLAIN && keySource != null) {
            throw new IllegalArgumentException(dir + ": a plaintext database has no key (a key source is for "
                    + "encrypted ones)");
        }
        if (Files.exists(abs.resolve(PROPERTIES)) || Files.exists(abs.resolve(H2_NAME + ".mv.db"))) {
            throw new IllegalArgumentException(dir + ": already holds an ERP database (choose an empty directory)");
        }
        if (Files.exists(abs) && !Files.isDirectory(abs)) {
            throw new IllegalArgumentException(dir + ": not a directory");
        }
        // An external key is had before anything is written, so a bad key source leaves no directory behind.
        KeySource external = keySource == null ? null : KeySources.openCreatingFile(keySource);
        try {
            Files.createDirectories(abs);
        } catch (IOException e) {
            throw new UncheckedIOException(dir + ": cannot create directory", e);
        }
        KeySource key = kind == Kind.PLAIN ? null : external == null ? KeyFile.createIfAbsent(abs.resolve(KEY_FILE)) : external;
        ErpDatabase db = new ErpDatabase(abs, kind, seed, employees, buildCommand, key, keySource != null);
        db.writeProperties(false);
        return db;
    }

    /**
     * Starts a new database in {@code dir} as {@link #create(Path, Kind, long, int, String)} does, or, when
     * {@code dir} holds a database whose build was interrupted ({@code complete=false}), deletes that
     * database's files (its H2 file, properties and key; nothing else in the directory) and starts it
     * again from scratch, telling {@code notice} so. Restarting rather than resuming keeps one code path
     * for every point of interruption: a half-written batch, a half-peeled column or a half-compacted
     * file are all simply discarded.
     *
     * @throws IllegalArgumentException if {@code dir} holds a complete database, an H2 file that is not an
     *     ERP database's, or a database another process has open
     */
    public static ErpDatabase createOrRestart(Path dir, Kind kind, long seed, int employees, String buildCommand,
            Consumer<String> notice) {
        return createOrRestart(dir, kind, seed, employees, buildCommand, null, notice);
    }

    /**
     * As {@link #createOrRestart(Path, Kind, long, int, String, Consumer)}, with the key source of
     * {@link #create(Path, Kind, long, int, String, String)} (null: a new {@code DIR/maat.key}). A restart
     * deletes only the files in {@code dir}, never an external key.
     */
    public static ErpDatabase createOrRestart(Path dir, Kind kind, long seed, int employees, String buildCommand,
            String keySource, Consumer<String> notice) {
        Path abs = dir.toAbsolutePath().normalize();
        Properties p = Files.isRegularFile(abs.resolve(PROPERTIES)) ? readProperties(abs.resolve(PROPERTIES)) : null;
        if (p != null && !Boolean.parseBoolean(p.getProperty("complete"))) {
            Path h2 = abs.resolve(H2_NAME + ".mv.db");
            if (Files.exists(h2) && inUse(h2)) {
                throw new IllegalArgumentException(dir + ": the database is being built by another process "
                        + "(its H2 file is locked); wait for it or stop it first");
            }
            notice.accept(dir + ": an earlier run did not finish (complete=false); deleting its files and "
                    + "starting again from scratch");
            try {
                for (String f : FILES) {
                    Files.deleteIfExists(abs.resolve(f));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(dir + ": cannot delete the interrupted database", e);
            }
        }
        return create(dir, kind, seed, employees, buildCommand, keySource);
    }

    /** Whether another process holds H2's lock on {@code h2File} (H2 locks the whole file while it is open). */
    private static boolean inUse(Path h2File) {
        try (FileChannel ch = FileChannel.open(h2File, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            FileLock lock = ch.tryLock();
            if (lock == null) {
                return true;
            }
            lock.release();
            return false;
        } catch (OverlappingFileLockException e) {
            return true; // this JVM has it open
        } catch (IOException e) {
            throw new UncheckedIOException(h2File + ": cannot check whether it is in use", e);
        }
    }

    /**
     * Opens a complete database, an encrypted one with its key in {@code DIR/maat.key}.
     *
     * @throws IllegalArgumentException naming the directory if it is missing, not an ERP database,
     *     was left incomplete by an interrupted load, or keeps its key outside the directory
     * @throws KeyUnavailableException if {@code DIR/maat.key} cannot be read
     */
    public static ErpDatabase open(Path dir) {
        return open(dir, null);
    }

    /**
     * Opens a complete database, an encrypted one with its master key from {@code keySource} (a
     * {@link KeySources} spec; a key file is never created here), or from {@code DIR/maat.key} when null.
     *
     * @throws IllegalArgumentException as {@link #open(Path)} does, and when {@code keySource} is malformed,
     *     is not this database's key, or is given for a plaintext database
     * @throws KeyUnavailableException if the key cannot be had
     */
    public static ErpDatabase open(Path dir, String keySource) {
        Path abs = dir.toAbsolutePath().normalize();
        if (!Files.isDirectory(abs)) {
            throw new IllegalArgumentException(dir + ": no such directory");
        }
        Path props = abs.resolve(PROPERTIES);
        Properties p = Files.isRegularFile(props) ? readProperties(props) : null;
        if (p != null && !Boolean.parseBoolean(p.getProperty("complete"))) {
            String command = p.getProperty("command");
            throw new IllegalArgumentException(dir + ": incomplete ERP database (complete=false in " + PROPERTIES
                    + "): the run that was building it was interrupted. Run "
                    + (command == null ? "the 'maat erp load' or 'maat erp encrypt' that built it" : "'" + command + "'")
                    + " again: it deletes the partial database and builds it from scratch");
        }
        if (p == null || !Files.isRegularFile(abs.resolve(H2_NAME + ".mv.db"))) {
            throw new IllegalArgumentException(dir + ": not an ERP database (no " + PROPERTIES + " and "
                    + H2_NAME + ".mv.db; create one with 'maat erp load')");
        }
        if (!ROUTINE_PACKAGE.equals(p.getProperty("routines"))) {
            String command = p.getProperty("command");
            throw new IllegalArgumentException(dir + ": built by an earlier Maat, whose HR procedure and trigger "
                    + "classes H2 cannot load any more. Rebuild it: "
                    + (command == null ? "'maat erp load' (and 'maat erp encrypt')" : "'" + command + "'")
                    + " after deleting the directory");
        }
        Kind kind;
        long seed;
        int employees;
        try {
            kind = Kind.valueOf(p.getProperty("kind", "").toUpperCase(Locale.ROOT));
            seed = Long.parseLong(p.getProperty("seed"));
            employees = Integer.parseInt(p.getProperty("employees"));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException(props + ": malformed (needs kind, seed, employees)");
        }
        if (kind == Kind.PLAIN) {
            if (keySource != null) {
                throw new IllegalArgumentException(dir + ": a plaintext database has no key; give no key source");
            }
            return new ErpDatabase(abs, kind, seed, employees, p.getProperty("command"), null, false);
        }
        boolean external = EXTERNAL_KEY.equals(p.getProperty("key"));
        KeySource key = openKey(dir, abs, external, keySource);
        String check = p.getProperty("keycheck");
        if (check != null && !check.equals(keyCheck(key))) {
            throw new IllegalArgumentException(dir + ": " + key.describe() + " is not this database's master key "
                    + "(its check value differs from the one in " + PROPERTIES + ")"
                    + (external ? "; pass the key source it was built with" : ""));
        }
        return new ErpDatabase(abs, kind, seed, employees, p.getProperty("command"), key, external);
    }

    private static KeySource openKey(Path dir, Path abs, boolean external, String keySource) {
        if (keySource != null) {
            return KeySources.open(keySource);
        }
        if (external) {
            throw new IllegalArgumentException(dir + ": this encrypted database keeps its master key outside the "
                    + "directory (it was built with a key source); pass the same key source (--key-source "
                    + KeySources.usages() + ")");
        }
        try {
            return KeyFile.open(abs.resolve(KEY_FILE));
        } catch (KeyUnavailableException e) {
            throw new KeyUnavailableException(dir + ": " + e.getMessage() + " (if the key was moved out of the "
                    + "directory, pass its key source: --key-source " + KeySources.usages() + ")", e);
        }
    }

    /** The encrypted layer's own check value of {@code key} (what its catalog stores), in hex. */
    private static String keyCheck(KeySource key) {
        try (KeyRing ring = new KeyRing(new KeyDerivation(key), null)) {
            return HexFormat.of().formatHex(ring.keyCheck());
        }
    }

    private static Properties readProperties(Path props) {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(props)) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(props + ": cannot read", e);
        }
        return p;
    }

    /**
     * Rewrites the H2 file without the pages that later writes made obsolete ({@code SHUTDOWN
     * COMPACT}), when no other session has the database open (otherwise it does nothing and says
     * so). A bulk load through batches and index builds leaves most of the file obsolete (100,000
     * encrypted employees: 1.5 GB for 0.22 GB of live data) and the live rows scattered across it,
     * which slows every later read; the compacted file holds the same data.
     *
     * <p>First refreshes H2's statistics ({@link #refreshStatistics()}): the end of a load is when they
     * describe the data, and both kinds of database end here, so plaintext and encrypted plans start
     * from statistics gathered the same way.
     *
     * @return whether the file was compacted
     */
    public boolean compact() throws SQLException {
        refreshStatistics();
        try (Connection c = H2Connections.open(h2Url()); Statement st = c.createStatement()) {
            try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM INFORMATION_SCHEMA.SESSIONS")) {
                if (rs.next() && rs.getLong(1) > 1) {
                    return false; // SHUTDOWN would close the other sessions too
                }
            }
            st.execute("SHUTDOWN COMPACT");
            return true;
        }
    }

    /**
     * Recomputes H2's per-column statistics from every row ({@code ANALYZE SAMPLE_SIZE 0}). H2 picks
     * indexes by them; left to itself it samples during the load, at different points of each table on
     * the two kinds of database, and on an encrypted one while its columns still hold RND ciphertexts
     * (every value distinct). The encrypted layer refreshes a table's statistics again after each peel.
     */
    public void refreshStatistics() throws SQLException {
        try (Connection c = H2Connections.open(h2Url()); Statement st = c.createStatement()) {
            st.execute("ANALYZE SAMPLE_SIZE 0");
        }
    }

    /** Records that loading finished; {@link #open} refuses incomplete databases. */
    public void markComplete() {
        writeProperties(true);
    }

    public Path dir() {
        return dir;
    }

    public Kind kind() {
        return kind;
    }

    public long seed() {
        return seed;
    }

    public int employees() {
        return employees;
    }

    /** The generator that produced (or would reproduce) this database's initial data. */
    public HrGenerator generator() {
        return new HrGenerator(seed, employees);
    }

    /** The H2 file holding the data, which for an encrypted database must contain only ciphertext. */
    public Path h2File() {
        return dir.resolve(H2_NAME + ".mv.db");
    }

    /** Whether the master key lies outside the directory (the database was built with a key source). */
    public boolean externalKey() {
        return externalKey;
    }

    /** The H2 URL under both drivers. */
    public String h2Url() {
        return "jdbc:h2:file:" + dir.resolve(H2_NAME);
    }

    /**
     * A new connection with auto-commit on: H2's driver for a plain database, Maat's (with the key opened
     * with the database) for an encrypted one.
     */
    public Connection connect() throws SQLException {
        return connect(new Properties());
    }

    /**
     * As {@link #connect()}, passing H2 settings (e.g. {@code OPTIMIZE_REUSE_RESULTS=FALSE}) to H2
     * under either driver.
     */
    public Connection connect(Properties h2Settings) throws SQLException {
        Properties props = new Properties();
        props.putAll(h2Settings);
        try {
            if (kind == Kind.PLAIN) {
                return H2Connections.open(h2Url(), props);
            }
            return MaatDriver.connect(h2Url(), props, key);
        } catch (SQLException e) {
            if (heldElsewhere(e)) {
                // H2's own text ("Database may be already in use ... [90020-252]") says neither who nor what to do.
                throw new SQLException(h2File() + " is in use by another process (a running 'maat serve --erp' "
                        + "or another 'maat erp' command on " + dir + "): stop it first, or query the running "
                        + "server's ERP pages instead", e.getSQLState(), e.getErrorCode(), e);
            }
            throw e;
        }
    }

    /** Whether H2 refused the file because another process holds it open (error 90020, in any cause). */
    private static boolean heldElsewhere(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && sql.getErrorCode() == org.h2.api.ErrorCode.DATABASE_ALREADY_OPEN_1) {
                return true;
            }
        }
        return false;
    }

    private void writeProperties(boolean complete) {
        Properties p = new Properties();
        p.setProperty("kind", kind.name().toLowerCase(Locale.ROOT));
        p.setProperty("seed", Long.toString(seed));
        p.setProperty("employees", Integer.toString(employees));
        p.setProperty("complete", Boolean.toString(complete));
        p.setProperty("routines", ROUTINE_PACKAGE);
        if (buildCommand != null) {
            p.setProperty("command", buildCommand);
        }
        if (key != null) {
            p.setProperty("key", externalKey ? EXTERNAL_KEY : KEY_FILE);
            p.setProperty("keycheck", keyCheck(key));
        }
        Path tmp = dir.resolve(PROPERTIES + ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(tmp)) {
                p.store(out, "Maat ERP database");
            }
            Files.move(tmp, dir.resolve(PROPERTIES), StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(dir.resolve(PROPERTIES) + ": cannot write", e);
        }
    }

    @Override
    public String toString() {
        return kind.name().toLowerCase(Locale.ROOT) + " ERP database " + dir + " (" + employees + " employees, seed "
                + seed + ")";
    }
}
