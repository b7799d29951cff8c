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
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.function.Consumer;
import org.maat.encdb.jdbc.H2Connections;
import org.maat.encdb.jdbc.MaatDriver;

/**
 * An ERP database directory. Layout:
 * <pre>
 * DIR/erp.properties   kind (plain | encrypted), seed, employees, complete (false while loading),
 *                      and the command that builds it (repeated in the message for an incomplete one)
 * DIR/hr.mv.db         the H2 database (URL jdbc:h2:file:DIR/hr)
 * DIR/maat.key         the 32-byte master key of an encrypted database (created on first use)
 * </pre>
 * A plain database is opened with H2's own JDBC driver; an encrypted one through Maat's
 * ({@code jdbc:maat:h2:file:DIR/hr}, key file {@code DIR/maat.key}), so the application-side SQL
 * is the same for both. Seed and size are kept so query parameters can be drawn from the data.
 */
public final class ErpDatabase {

    /** Whether H2 holds plaintext or only ciphertext. */
    public enum Kind { PLAIN, ENCRYPTED }

    public static final String PROPERTIES = "erp.properties";
    public static final String H2_NAME = "hr";
    public static final String KEY_FILE = "maat.key";
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

    private ErpDatabase(Path dir, Kind kind, long seed, int employees, String buildCommand) {
        this.dir = dir;
        this.kind = kind;
        this.seed = seed;
        this.employees = employees;
        this.buildCommand = buildCommand;
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
        Path abs = dir.toAbsolutePath().normalize();
        if (Files.exists(abs.resolve(PROPERTIES)) || Files.exists(abs.resolve(H2_NAME + ".mv.db"))) {
            throw new IllegalArgumentException(dir + ": already holds an ERP database (choose an empty directory)");
        }
        if (Files.exists(abs) && !Files.isDirectory(abs)) {
            throw new IllegalArgumentException(dir + ": not a directory");
        }
        try {
            Files.createDirectories(abs);
        } catch (IOException e) {
            throw new UncheckedIOException(dir + ": cannot create directory", e);
        }
        ErpDatabase db = new ErpDatabase(abs, kind, seed, employees, buildCommand);
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
        return create(dir, kind, seed, employees, buildCommand);
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
     * Opens a complete database.
     *
     * @throws IllegalArgumentException naming the directory if it is missing, not an ERP database,
     *     or was left incomplete by an interrupted load
     */
    public static ErpDatabase open(Path dir) {
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
        try {
            Kind kind = Kind.valueOf(p.getProperty("kind", "").toUpperCase(Locale.ROOT));
            return new ErpDatabase(abs, kind, Long.parseLong(p.getProperty("seed")),
                    Integer.parseInt(p.getProperty("employees")), p.getProperty("command"));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException(props + ": malformed (needs kind, seed, employees)");
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
     * @return whether the file was compacted
     */
    public boolean compact() throws SQLException {
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

    public Path keyFile() {
        return dir.resolve(KEY_FILE);
    }

    /** The H2 URL under both drivers. */
    public String h2Url() {
        return "jdbc:h2:file:" + dir.resolve(H2_NAME);
    }

    /**
     * A new connection with auto-commit on: H2's driver for a plain database, Maat's (creating the
     * key file on first use) for an encrypted one.
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
        if (kind == Kind.PLAIN) {
            return H2Connections.open(h2Url(), props);
        }
        props.setProperty("maat.keyFile", keyFile().toString());
        props.setProperty("maat.createKey", "true");
        return new MaatDriver().connect("jdbc:maat:" + h2Url().substring("jdbc:".length()), props);
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
