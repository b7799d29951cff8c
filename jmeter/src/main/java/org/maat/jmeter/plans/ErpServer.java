package org.maat.jmeter.plans;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.net.http.HttpClient;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.maat.core.accounts.AccountGenerator;
import org.maat.core.accounts.AccountRoles;
import org.maat.core.accounts.PasswordHasher;
import org.maat.core.data.DataDir;
import org.maat.core.data.DirectoryTree;
import org.maat.erp.ErpDatabase;
import org.maat.erp.ErpLoader;
import org.maat.frontend.config.FrontendConfig;
import org.maat.jmeter.run.Target;
import org.maat.server.FrontendServer;
import org.maat.server.api.ApiResponse;
import org.maat.server.api.ApiSession;

/**
 * The ERP pages served over one backend: a copy of a cached ERP database (plain or encrypted, loaded
 * once per size and seed, as {@code maat erp load} does) deployed with the front-end WAR on embedded
 * Jetty on 127.0.0.1 ({@code maat.erp}). Each server owns its copy, so the writes one run makes
 * (Q16-Q18) never reach the next; {@link #restart} gives a cold start over the same copy. The pages need a
 * signed-in account with the role {@code hr} ({@code maat.accounts}: one generated beside the copy); the
 * server signs it in once per deployment and hands the plans its session cookie and request token
 * ({@code session.cookie}, {@code session.token}), which every JMeter thread sends.
 */
final class ErpServer implements AutoCloseable {

    /** JDBC connections of the page's pool: one per request, as many as JMeter's larger steps send. */
    private static final int CONNECTIONS = 32;

    private static final String USER = "bench-hr";

    private final Path war;
    private final Path database;
    private final Path accounts;
    private final String password;
    private FrontendServer server;
    private Map<String, String> session;

    private ErpServer(Path war, Path database, Path accounts, String password) {
        this.war = war;
        this.database = database;
        this.accounts = accounts;
        this.password = password;
    }

    /** Starts the pages over a fresh copy (in {@code runWork}) of the cached {@code backend} database. */
    static ErpServer start(BenchSettings settings, String backend, Path runWork, Consumer<String> log)
            throws IOException, SQLException {
        Path cached = cachedDatabase(settings, backend, log);
        Path copy = runWork.resolve("erp-" + backend);
        DirectoryTree.copy(cached, copy);
        Path accounts = Files.createDirectories(runWork.resolve("erp-accounts-" + backend));
        String password = new AccountGenerator(PasswordHasher.standard()).generate(DataDir.at(accounts), List.of(USER),
                Map.of(USER, Set.of(AccountRoles.HR))).get(0).password();
        ErpServer s = new ErpServer(settings.war(), copy, accounts, password);
        s.server = s.deploy();
        log.accept("ERP pages (" + backend + ", " + settings.employees() + " employees) on " + s.server.url());
        return s;
    }

    Target target() {
        return Target.of(server.url()).withPlanProperties(session);
    }

    /** Stops the front-end and deploys it again: a cold start (new class loader, new H2 engine, new keys state). */
    void restart() throws IOException {
        server.close();
        server = deploy();
    }

    private FrontendServer deploy() throws IOException {
        FrontendServer started = FrontendServer.start(war, FrontendConfig.erpOnly(database).withAccounts(accounts)
                .withErpConnections(CONNECTIONS).withMaxConcurrent(1024), "127.0.0.1", 0);
        ApiSession signIn = new ApiSession(HttpClient.newHttpClient(), started.url(), null);
        ApiResponse answer = signIn.login(USER, password);
        if (answer.status() != 200) {
            started.close();
            throw new IOException("the ERP pages did not sign in " + USER + ": " + answer.status() + " " + answer.message());
        }
        session = Map.of("session.cookie", signIn.cookie(), "session.token", signIn.token());
        return started;
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
