package org.maat.jmeter.plans;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.function.Consumer;
import org.maat.core.data.DirectoryTree;
import org.maat.erp.ErpDatabase;
import org.maat.erp.ErpLoader;
import org.maat.frontend.config.FrontendConfig;
import org.maat.jmeter.run.Target;
import org.maat.server.FrontendServer;

/**
 * The ERP pages served over one backend: a copy of a cached ERP database (plain or encrypted, loaded
 * once per size and seed, as {@code maat erp load} does) deployed with the front-end WAR on embedded
 * Jetty on 127.0.0.1 ({@code maat.erp}). Each server owns its copy, so the writes one run makes
 * (Q16-Q18) never reach the next; {@link #restart} gives a cold start over the same copy.
 */
final class ErpServer implements AutoCloseable {

    /** JDBC connections of the page's pool: one per request, as many as JMeter's larger steps send. */
    private static final int CONNECTIONS = 32;

    private final Path war;
    private final Path database;
    private FrontendServer server;

    private ErpServer(Path war, Path database) {
        this.war = war;
        this.database = database;
    }

    /** Starts the pages over a fresh copy (in {@code runWork}) of the cached {@code backend} database. */
    static ErpServer start(BenchSettings settings, String backend, Path runWork, Consumer<String> log)
            throws IOException, SQLException {
        Path cached = cachedDatabase(settings, backend, log);
        Path copy = runWork.resolve("erp-" + backend);
        DirectoryTree.copy(cached, copy);
        ErpServer s = new ErpServer(settings.war(), copy);
        s.server = s.deploy();
        log.accept("ERP pages (" + backend + ", " + settings.employees() + " employees) on " + s.server.url());
        return s;
    }

    Target target() {
        return Target.of(server.url());
    }

    /** Stops the front-end and deploys it again: a cold start (new class loader, new H2 engine, new keys state). */
    void restart() throws IOException {
        server.close();
        server = deploy();
    }

    private FrontendServer deploy() throws IOException {
        return FrontendServer.start(war, FrontendConfig.erpOnly(database).withErpConnections(CONNECTIONS)
                .withMaxConcurrent(1024), "127.0.0.1", 0);
    }

    @Override
    public void close() {
        if (server != null) {
            server.close();
        }
    }

    private static Path cachedDatabase(BenchSettings settings, String backend, Consumer<String> log)
            throws IOException, SQLException {
        Path dir = settings.work().resolve("erp-" + backend + "-" + settings.employees() + "e-" + settings.seed());
        if (Files.exists(dir)) {
            try {
                ErpDatabase.open(dir);
                return dir;
            } catch (IllegalArgumentException e) {
                log.accept(dir + " is incomplete (" + e.getMessage() + "); loading it again");
                DirectoryTree.delete(dir);
            }
        }
        ErpDatabase.Kind kind = backend.equals("encrypted") ? ErpDatabase.Kind.ENCRYPTED : ErpDatabase.Kind.PLAIN;
        log.accept("loading the " + backend + " ERP database: " + settings.employees() + " employees into " + dir);
        ErpDatabase db = ErpDatabase.create(dir, kind, settings.seed(), settings.employees());
        new ErpLoader(1000, n -> { }).load(db);
        return dir;
    }
}
