package org.maat.disguise.jdbc;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

/**
 * Rewrites a plain embedded H2 database file from its live rows, so that no byte of a removed or
 * replaced value stays in it: neither in freed chunks nor in index pages.
 *
 * <p>H2's own {@code SHUTDOWN COMPACT} (and {@code DEFRAG}) is not enough: it copies the B-trees page
 * by page ({@code MVMap.copyFrom}), and a node page keeps as separator the key of an entry deleted
 * since, so an index still names a removed row (an employee's last and first name were found in
 * {@code EMP_NAME_IX}'s node pages after their row was gone and the file compacted). Here the
 * database's own {@code SCRIPT} (its schema and live rows) is run into a fresh sibling database, made
 * with the same user and password, whose B-trees are built from live keys only; that copy is closed
 * with {@code SHUTDOWN COMPACT}, the original is shut down, and the copy is synced and renamed over
 * it. The database's trace files ({@code NAME.trace.db} and H2's rotated {@code .old}) go too: H2 writes the text
 * of every failed statement there, literals included, so a refused query about a user would keep naming them.
 *
 * <p>A crash before the rename leaves the original file, and a stray {@code NAME-rewrite.mv.db} the
 * next rewrite replaces; after it, the copy, which holds the same committed data. Only for a database
 * no other session has open (the caller checks). A file H2 itself encrypts ({@code CIPHER}) is copied
 * into a file encrypted with the same cipher and file password: the caller's credentials name it.
 */
final class H2FileRewrite {

    private static final String SUFFIX = "-rewrite";

    private H2FileRewrite() {
    }

    /**
     * Rewrites the file of {@code source}'s database and shuts {@code source}'s database down; the caller
     * closes {@code source}. {@code credentials} holds the {@code user} and {@code password} it was opened
     * with and its {@code CIPHER} if H2 encrypts the file, and nothing else (no {@code IFEXISTS}: the copy is a new
     * database).
     */
    static void rewrite(Connection source, Properties credentials) throws SQLException, IOException {
        String path = databasePath(source);
        Path file = Path.of(path + ".mv.db");
        Path copy = Path.of(path + SUFFIX + ".mv.db");
        Files.deleteIfExists(copy);
        Files.deleteIfExists(Path.of(path + SUFFIX + ".trace.db"));
        try (Connection target = DriverManager.getConnection("jdbc:h2:file:" + path + SUFFIX, credentials)) {
            target.setAutoCommit(false);
            try (Statement read = source.createStatement(); ResultSet script = read.executeQuery("SCRIPT");
                 Statement write = target.createStatement()) {
                while (script.next()) {
                    write.execute(script.getString(1));
                }
            }
            target.commit();
            target.setAutoCommit(true);
            try (Statement st = target.createStatement()) {
                st.execute("SHUTDOWN COMPACT");
            }
        } catch (SQLException | RuntimeException e) {
            Files.deleteIfExists(copy);
            throw e;
        }
        try (Statement st = source.createStatement()) {
            st.execute("SHUTDOWN");
        }
        try (FileChannel c = FileChannel.open(copy, StandardOpenOption.WRITE)) {
            c.force(true);
        }
        Files.move(copy, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        removeTraceFiles(path);
        removeTraceFiles(path + SUFFIX);
        try (FileChannel c = FileChannel.open(file.toAbsolutePath().getParent(), StandardOpenOption.READ)) {
            c.force(true);
        } catch (IOException notSupported) {
            // some file systems cannot open a directory; the rename is still atomic
        }
    }

    /** The path H2 names {@code h2}'s database files by ({@code DIR/NAME}, without {@code .mv.db}). */
    static String databasePath(Connection h2) throws SQLException {
        try (Statement st = h2.createStatement(); ResultSet rs = st.executeQuery("SELECT DATABASE_PATH()")) {
            rs.next();
            return rs.getString(1);
        }
    }

    /**
     * Removes the trace files of the database at {@code path}, which must be closed: they hold the text of failed
     * statements with their literals, and nothing the database needs.
     */
    static void removeTraceFiles(String path) throws IOException {
        Files.deleteIfExists(Path.of(path + ".trace.db"));
        Files.deleteIfExists(Path.of(path + ".trace.db.old"));
    }
}
