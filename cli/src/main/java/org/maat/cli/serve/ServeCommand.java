package org.maat.cli.serve;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.maat.cli.options.AtRestOption;
import org.maat.cli.options.KeySourceOption;
import org.maat.cli.options.NoPolicyOption;
import org.maat.cli.options.WarOption;
import org.maat.core.accounts.AccountRoles;
import org.maat.core.accounts.GeneratedLogins;
import org.maat.core.accounts.Login;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataDirException;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.shard.ShardSecret;
import org.maat.core.shard.ShardTopology;
import org.maat.core.task.Monitoring;
import org.maat.erp.ErpDatabase;
import org.maat.frontend.config.FrontendConfig;
import org.maat.keys.KeyUnavailableException;
import org.maat.server.FrontendServer;
import org.maat.server.SearchDeployment;
import org.maat.server.Topology;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code maat serve}: the front-end WAR on embedded Jetty 12: search with its shard servers, the ERP
 * pages over an ERP database ({@code --erp}), or both.
 */
@Command(name = "serve",
        mixinStandardHelpOptions = true,
        resourceBundle = "org.maat.cli.serve.Serve",
        sortOptions = false,
        description = {"Serve search (and with --erp the ERP pages) over HTTP: the front-end WAR (search pages and "
                + "JSON API, log-in, MAL access, history) on embedded Jetty 12, and the index's shard servers on "
                + "loopback ports.",
            "",
            "Encrypted data and indexes (maat atrest) are served through their volume without any flag, and a "
                + "'maat atrest switch' reaches the running servers' next writes. --at-rest CIPHER asserts that --data "
                + "and --index are encrypted with at least CIPHER and refuses to start otherwise.",
            "",
            "Every search fans out to each shard (one replica per shard, spreading load across replicas) and the "
                + "hits are merged by score; each shard runs the search as a confined task that the monitor lets "
                + "return only documents the session may read. Prints the URL; Ctrl-C stops it cleanly.",
            "",
            "With --shards the shard servers run elsewhere (maat shard) and --index is not needed; give them and the "
                + "front-end the same shard secret (--shard-secret-file, or MAAT_SHARD_SECRET). In-process shards get "
                + "a fresh random secret. Shards answer only requests signed with it.",
            "",
            "--erp DIR also serves the ERP queries Q7-Q18 and Q10R over the database in DIR (maat erp load; plain H2 "
                + "or the encrypted layer, as DIR holds): /erp (index and forms), /erp/q7 ... /erp/q18 (pages; Q16-Q18 "
                + "execute on POST) and the same as JSON under /api/erp/. Every ERP page needs a signed-in account; the "
                + "queries showing salaries or phone numbers, and the writes, need the role hr (maat generate gives it "
                + "to the first employee, e0). Without --data it serves only the ERP pages, signing in the accounts of "
                + "--accounts DATA. An encrypted database built with a key source (maat erp load --key-source) is "
                + "served with the same one: --erp-key-source."},
        footer = {"", "Examples:",
            "  maat serve --data data --index index",
            "  maat serve --erp erp-db --accounts data --port 8080",
            "  maat serve --erp erp-db --accounts data --erp-key-source file:/etc/maat/erp.key",
            "  maat serve --data data --index index --erp erp-db --erp-connections 16",
            "  maat serve --data data --index index --topology 4servers --port 8080",
            "  maat serve --data data --shard-secret-file shard.secret \\",
            "      --shards 'http://10.0.0.5:9001|http://10.0.0.6:9001,http://10.0.0.7:9002'",
            "", "Exit codes: 0 stopped, 2 bad arguments or it could not start."})
public final class ServeCommand implements Callable<Integer> {

    @Option(names = "--data", paramLabel = "DIR",
            description = "Data directory (maat generate) to search; needs --index or --shards.")
    Path data;

    @Option(names = "--index", paramLabel = "DIR", description = "Index directory (maat index) to serve in-process.")
    Path index;

    @Option(names = "--topology", defaultValue = "2servers", paramLabel = "T",
            description = "In-process shard servers: 2servers (2 shards) or 4servers (2 shards x 2 replicas). "
                    + "Default: ${DEFAULT-VALUE}.")
    String topology;

    @Option(names = "--shards", paramLabel = "URLS",
            description = "Shard servers running elsewhere instead: shards separated by ',', replicas by '|'.")
    String shards;

    @Option(names = "--shard-secret-file", paramLabel = "FILE",
            description = "With --shards: the secret the shard servers were started with (mode 0600; created if "
                    + "absent). Default: the environment variable MAAT_SHARD_SECRET.")
    Path shardSecretFile;

    @Option(names = "--port", defaultValue = "8080", description = "Front-end port (0: any free port). "
            + "Default: ${DEFAULT-VALUE}.")
    int port;

    @Option(names = "--host", defaultValue = "127.0.0.1", description = "Front-end address to bind. "
            + "Default: ${DEFAULT-VALUE}.")
    String host;

    @Mixin
    NoPolicyOption noPolicy;

    @Option(names = "--regions", paramLabel = "FILE",
            description = "Properties file CIDR=region mapping client addresses to regions (default: no regions).")
    Path regions;

    @Option(names = "--proxy-header", paramLabel = "NAME",
            description = "Trusted header carrying the client address, e.g. X-Forwarded-For (default: none).")
    String proxyHeader;

    @Option(names = "--max-concurrent", paramLabel = "N",
            description = "Requests served at once; more get 503 (default: the front-end's).")
    Integer maxConcurrent;

    @Option(names = "--session-minutes", paramLabel = "N", description = "Session timeout (default: the front-end's).")
    Integer sessionMinutes;

    @Option(names = "--erp", paramLabel = "DIR",
            description = "ERP database directory (maat erp load, plain or encrypted) served under /erp and /api/erp.")
    Path erp;

    @Option(names = "--accounts", paramLabel = "DATA",
            description = "With --erp and without --data: the data directory (maat generate) whose accounts and roles "
                    + "sign in to the ERP pages. Without it such a server has no accounts and answers every page 401.")
    Path accounts;

    @Option(names = "--erp-connections", paramLabel = "N",
            description = "JDBC connections the ERP pages pool; a request holds one (default: the front-end's, 8).")
    Integer erpConnections;

    // Not the KeySourceOption mixin: its --key-source would read as search's key here, beside --data.
    @Option(names = "--erp-key-source", paramLabel = "SPEC", completionCandidates = KeySourceOption.Specs.class,
            description = "With --erp: where the encrypted database's master key lies, outside DIR: "
                    + "${COMPLETION-CANDIDATES} (default: DIR/maat.key). A database built with a key source holds "
                    + "no key and is served only with the same one.")
    String erpKeySource;

    @Mixin
    AtRestOption atRest;

    @Mixin
    WarOption war;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Monitoring monitoring = noPolicy.monitoring();
        if (port < 0 || port > 65535) {
            throw new ParameterException(spec.commandLine(), "--port must be 0 to 65535, not " + port);
        }
        if (data == null) {
            if (erp == null) {
                throw new ParameterException(spec.commandLine(), "give --data with --index or --shards (search), "
                        + "--erp (the ERP pages), or both");
            }
            if (index != null || shards != null) {
                throw new ParameterException(spec.commandLine(), "--index and --shards serve search: give --data too");
            }
        } else if ((index == null) == (shards == null)) {
            throw new ParameterException(spec.commandLine(), "give either --index (shards in-process) or --shards "
                    + "(shard servers elsewhere)");
        }
        if (shardSecretFile != null && shards == null) {
            throw new ParameterException(spec.commandLine(), "--shard-secret-file goes with --shards; in-process "
                    + "shards (--index) get a fresh secret");
        }
        if (erp != null && !Files.isDirectory(erp)) {
            throw new ParameterException(spec.commandLine(), "--erp " + erp + ": no such directory "
                    + "(create an ERP database with maat erp load)");
        }
        if (erpKeySource != null && erp == null) {
            throw new ParameterException(spec.commandLine(), "--erp-key-source is the key of the --erp database: "
                    + "give --erp too");
        }
        if (accounts != null && (erp == null || data != null)) {
            throw new ParameterException(spec.commandLine(), "--accounts signs in to the ERP pages served alone: give it "
                    + "with --erp and without --data (with --data, that directory's accounts sign in)");
        }
        if (accounts != null && !Files.isRegularFile(DataDir.at(accounts).accounts())) {
            throw new ParameterException(spec.commandLine(), "--accounts " + accounts + ": no accounts file there "
                    + "(a data directory made by maat generate)");
        }
        if (erpConnections != null && erpConnections < 1) {
            throw new ParameterException(spec.commandLine(), "--erp-connections must be at least 1, not "
                    + erpConnections);
        }
        if (erp != null) {
            try {
                // incomplete, not an ERP database, or no key: say so before Jetty logs a failed deployment
                ErpDatabase.open(erp, erpKeySource);
            } catch (IllegalArgumentException | KeyUnavailableException e) {
                spec.commandLine().getErr().println("maat serve: " + erpProblem(e.getMessage()));
                return 2;
            }
        }
        Topology layout;
        ShardTopology remote;
        try {
            layout = Topology.parse(topology);
            remote = shards == null ? null : ShardTopology.parse(shards);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        ShardSecret secret = remote == null ? null
                : ShardSecretOption.resolve(shardSecretFile, "--shard-secret-file", spec, System.getenv());
        Path warFile = war.war();
        PrintWriter out = spec.commandLine().getOut();
        if (data == null) {
            FrontendConfig.Settings erpOnly = FrontendConfig.erpOnly(erp);
            FrontendServer server = FrontendServer.start(warFile,
                    tune(accounts == null ? erpOnly : erpOnly.withAccounts(accounts)), host, port);
            if (accounts != null) {
                printLogins(out, DataDir.at(accounts));
            }
            out.printf("Maat ERP pages (%s) serving at %serp (Ctrl-C to stop)%n", erp, server.url());
            out.flush();
            RunUntilStopped.await("the server", out, server);
            return 0;
        }
        DataDir dataDir = DataDir.at(data);
        dataDir.readManifest(); // a clear error now rather than from inside the WAR
        atRest.checkIfAsked(spec, index == null ? AtRestOption.roots("--data", data)
                : AtRestOption.roots("--data", data, "--index", index));
        SearchDeployment deployment = remote == null
                ? SearchDeployment.start(warFile, dataDir, new IndexLayout(index), layout, monitoring, host, port,
                        this::tune)
                : SearchDeployment.frontendOnly(warFile, dataDir, remote, secret, monitoring, host, port, this::tune);
        out.printf("shards: %s%s%n", deployment.shards(), remote == null ? " (" + layout + ", in-process)" : "");
        printLogins(out, dataDir);
        out.printf("Maat search serving at %s%s (Ctrl-C to stop)%n", deployment.url(),
                !monitoring.monitored() ? " without the monitor (--no-policy)" : "");
        if (erp != null) {
            out.printf("Maat ERP pages (%s) at %serp%n", erp, deployment.url());
        }
        out.flush();
        RunUntilStopped.await("the server", out, deployment);
        return 0;
    }

    /**
     * {@code message} from opening the ERP database, as this command's options say it: the database names
     * its directory first, a bad key source does not; and it tells the {@code maat erp} commands' option
     * {@code --key-source}, which is {@code --erp-key-source} here.
     */
    private String erpProblem(String message) {
        String said = message.replace("--key-source ", "--erp-key-source ");
        return (said.startsWith(erp.toString()) || erpKeySource == null ? "--erp " : "--erp-key-source ") + said;
    }

    /** A few generated test logins, so a newcomer can sign in at once. */
    private static void printLogins(PrintWriter out, DataDir data) {
        try {
            List<Login> logins = GeneratedLogins.read(data);
            out.printf("test logins (%s): %s%s%n", data.logins(), String.join(", ", logins.stream().limit(3)
                    .map(l -> l.user() + " / " + l.password()).toList()), logins.size() > 3 ? ", ..." : "");
            AccountRoles roles = AccountRoles.open(data);
            logins.stream().filter(l -> roles.of(l.user()).contains(AccountRoles.HR)).findFirst().ifPresent(l ->
                    out.printf("human resources (ERP salaries, phone numbers and changes): %s / %s%n", l.user(),
                            l.password()));
        } catch (DataDirException e) {
            out.println("no generated test logins: " + e.getMessage());
        }
    }

    private FrontendConfig.Settings tune(FrontendConfig.Settings config) {
        FrontendConfig.Settings c = config;
        if (regions != null) {
            c = c.withRegions(regions);
        }
        if (proxyHeader != null) {
            c = c.withProxyHeader(proxyHeader);
        }
        if (maxConcurrent != null) {
            c = c.withMaxConcurrent(maxConcurrent);
        }
        if (sessionMinutes != null) {
            c = c.withSessionMinutes(sessionMinutes);
        }
        if (erp != null && c.erp().isEmpty()) {
            c = c.withErp(erp);
        }
        if (erpConnections != null) {
            c = c.withErpConnections(erpConnections);
        }
        if (erpKeySource != null) {
            c = c.withErpKeySource(erpKeySource);
        }
        return c;
    }
}
