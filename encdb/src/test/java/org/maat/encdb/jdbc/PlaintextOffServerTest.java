package org.maat.encdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.StringJoiner;
import java.util.stream.Stream;
import org.h2.tools.Server;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.keys.KeyFile;

/**
 * No plaintext of the application's SQL reaches the server: statements that are malformed, that the driver's
 * parser cannot read, that are huge, too deep or several in one, each carrying a unique literal, are run
 * through the driver; then every file in the database directory is scanned for those literals (none), and
 * over {@code tcp://} every byte the server received is scanned too. The control runs the same statements
 * on plain H2 and finds them on its disk, so the scan can see them. A session variable ({@code SET @v = ...})
 * is refused: its value would be held by the server's session.
 */
class PlaintextOffServerTest {

    @TempDir
    Path dir;

    private static final List<String> LITERALS = List.of("ZQXMALFORMED01", "ZQXUNREADABLE02", "ZQXUNREADABLE03",
            "ZQXHUGE04", "ZQXDEEP05", "ZQXMULTI06", "ZQXUNKNOWNCOL07", "ZQXSESSIONVAR08", "ZQXSESSIONVAR09");

    private static List<String> statements() {
        StringJoiner huge = new StringJoiner(", ", "SELECT NAME FROM EMPLOYEES WHERE NAME IN ('ZQXHUGE04', ", ")");
        for (int i = 0; i < 20_000; i++) {
            huge.add("'v" + i + "'");
        }
        return List.of(
                "SELECT NAME FROM EMPLOYEES WHERE NAME = 'ZQXMALFORMED01' AND AND SALARY = 4242",
                // H2 reads these, the driver's parser cannot (IS OF); on the server NAME is no column
                "SELECT CASE WHEN NAME = 'ZQXUNREADABLE02' THEN 1 END IS OF (INTEGER) FROM EMPLOYEES WHERE NAME = "
                        + "'ZQXUNREADABLE03'",
                huge.toString(),
                "SELECT " + "(".repeat(3_000) + "'ZQXDEEP05'" + ")".repeat(3_000) + " FROM EMPLOYEES",
                "SELECT 1; SELECT NAME FROM EMPLOYEES WHERE NAME = 'ZQXMULTI06'",
                "SELECT NOSUCHCOLUMN FROM EMPLOYEES WHERE NAME = 'ZQXUNKNOWNCOL07'",
                // a session variable would live in the server's session
                "SET @SECRET = 'ZQXSESSIONVAR08'",
                "SET @SECRET = (SELECT MAX(NAME) FROM EMPLOYEES WHERE NAME <> 'ZQXSESSIONVAR09')");
    }

    private static void runAll(Connection c) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute("CREATE TABLE EMPLOYEES(ID INTEGER PRIMARY KEY, NAME VARCHAR(40), SALARY INTEGER)");
            st.execute("INSERT INTO EMPLOYEES VALUES (1, 'Ada', 5200)");
        }
        for (String sql : statements()) {
            try (Statement st = c.createStatement()) {
                st.execute(sql);
            } catch (SQLException | StackOverflowError refused) {
                // refused is what is expected; only what reached the disk matters here
            }
        }
    }

    @Test
    void noLiteralReachesTheDatabaseDirectoryEvenWithATraceLevelInTheUrl() throws Exception {
        try (Connection enc = MaatDriver.connect("jdbc:h2:" + dir.resolve("db/hr") + ";TRACE_LEVEL_FILE=3",
                KeyFile.createIfAbsent(dir.resolve("key")))) {
            runAll(enc);
        }
        assertThat(found(dir.resolve("db"))).isEmpty();
    }

    @Test
    void aSessionVariableIsRefusedWithItsName() throws Exception {
        try (Connection enc = MaatDriver.connect("jdbc:h2:mem:sessionvariable",
                KeyFile.createIfAbsent(dir.resolve("key"))); Statement st = enc.createStatement()) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> st.execute("SET @NOTE = 'x'"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("0A000"))
                    .hasMessageContaining("session variable @NOTE");
            // Whichever parser reads them, other spellings are refused too (the message quotes the statement).
            for (String sql : List.of("set @note = 1", "SET @NOTE = (SELECT 1)", "SET @V = 'x'")) {
                org.assertj.core.api.Assertions.assertThatThrownBy(() -> st.execute(sql)).as(sql)
                        .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("0A000"))
                        .hasMessageContaining("@");
            }
            st.execute("SET DEFAULT_NULL_ORDERING HIGH"); // a setting, no value of the application's: passed on
            // H2's SET function assigns a variable inside a query, over a constant or a column's value.
            st.execute("CREATE TABLE NOTES (ID INT PRIMARY KEY, BODY VARCHAR(20))");
            st.execute("INSERT INTO NOTES VALUES (1, 'x')");
            for (String sql : List.of("SELECT SET(@V, 'x')", "SELECT SET(@V, BODY) FROM NOTES",
                    "SELECT ID FROM NOTES WHERE SET(@V, BODY) IS NOT NULL")) {
                org.assertj.core.api.Assertions.assertThatThrownBy(() -> st.executeQuery(sql).close()).as(sql)
                        .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("0A000"));
            }
        }
    }

    @Test
    void controlPlainH2WritesTheLiteralsToItsTraceFile() throws Exception {
        try (Connection plain = DriverManager.getConnection("jdbc:h2:" + dir.resolve("plain/hr"))) {
            runAll(plain);
        }
        assertThat(found(dir.resolve("plain"))).contains("ZQXMALFORMED01", "ZQXUNKNOWNCOL07");
    }

    @Test
    void noLiteralReachesATcpServerNorItsDirectory() throws Exception {
        Server server = Server.createTcpServer("-tcpPort", "0", "-baseDir", dir.resolve("tcp").toString(),
                "-ifNotExists").start();
        try (Relay relay = new Relay(server.getPort())) {
            try (Connection enc = MaatDriver.connect("jdbc:h2:tcp://127.0.0.1:" + relay.port() + "/hr",
                    KeyFile.createIfAbsent(dir.resolve("key")))) {
                runAll(enc);
            }
            relay.drain();
            String received = relay.received();
            assertThat(received).as("the relay saw the traffic").contains("EMPLOYEES");
            for (String literal : LITERALS) {
                assertThat(received).doesNotContain(literal);
            }
        } finally {
            server.stop();
        }
        assertThat(found(dir.resolve("tcp"))).isEmpty();
    }

    /** The literals found in any file under {@code root} (as UTF-8 or UTF-16 text). */
    private static List<String> found(Path root) throws IOException {
        List<String> hits = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        assertThat(files).as("the database was created").isNotEmpty();
        for (Path f : files) {
            String text = bothEncodings(Files.readAllBytes(f));
            for (String literal : LITERALS) {
                if (text.contains(literal) && !hits.contains(literal)) {
                    hits.add(literal);
                }
            }
        }
        return hits;
    }

    private static String bothEncodings(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1) + "\n" + new String(bytes, StandardCharsets.UTF_16BE)
                + "\n" + new String(bytes, 1, Math.max(0, bytes.length - 1), StandardCharsets.UTF_16BE);
    }

    /** A TCP relay to H2's server on 127.0.0.1 that keeps every byte the client sends. */
    private static final class Relay implements AutoCloseable {
        private final ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        private final java.io.ByteArrayOutputStream toServer = new java.io.ByteArrayOutputStream();
        private final List<Thread> threads = Collections.synchronizedList(new ArrayList<>());
        private final List<Socket> open = Collections.synchronizedList(new ArrayList<>());

        Relay(int target) throws IOException {
            Thread accept = new Thread(() -> {
                try {
                    while (true) {
                        Socket client = socket.accept();
                        Socket upstream = new Socket(InetAddress.getLoopbackAddress(), target);
                        open.add(client);
                        open.add(upstream);
                        pump(client.getInputStream(), upstream.getOutputStream(), true);
                        pump(upstream.getInputStream(), client.getOutputStream(), false);
                    }
                } catch (IOException closed) {
                    // the relay was closed
                }
            });
            accept.setDaemon(true);
            accept.start();
        }

        int port() {
            return socket.getLocalPort();
        }

        private void pump(InputStream in, OutputStream out, boolean keep) {
            Thread t = new Thread(() -> {
                byte[] buf = new byte[8192];
                try {
                    for (int n; (n = in.read(buf)) > 0;) {
                        if (keep) {
                            synchronized (toServer) {
                                toServer.write(buf, 0, n);
                            }
                        }
                        out.write(buf, 0, n);
                        out.flush();
                    }
                } catch (IOException closed) {
                    // one side hung up
                }
            });
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }

        void drain() throws InterruptedException {
            for (Socket s : List.copyOf(open)) {
                try {
                    s.shutdownInput();
                } catch (IOException ignored) {
                    // already closed
                }
            }
            for (Thread t : List.copyOf(threads)) {
                t.join(2_000);
            }
        }

        String received() {
            synchronized (toServer) {
                return bothEncodings(toServer.toByteArray());
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
            for (Socket s : List.copyOf(open)) {
                s.close();
            }
        }
    }
}
