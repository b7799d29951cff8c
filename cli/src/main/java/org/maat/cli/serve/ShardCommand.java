package org.maat.cli.serve;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.maat.cli.options.NoPolicyOption;
import org.maat.core.data.DataDir;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardSecret;
import org.maat.core.task.Monitoring;
import org.maat.server.ShardServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code maat shard}: one shard server as its own process. */
@Command(name = "shard",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Serve one shard of an index over HTTP (POST /shard/search), as its own process, for a "
                + "front-end started with maat serve --shards.",
            "",
            "Each request runs as a confined search task of the user and region it names; the monitor releases "
                + "only documents that session may read. It answers only requests signed with the deployment's shard "
                + "secret (--secret-file, created with mode 0600 if absent, or the environment variable "
                + "MAAT_SHARD_SECRET): give maat serve --shards the same file; a request without it gets 401, with a "
                + "wrong, stale or replayed signature 403. Requests travel unencrypted: bind the shard to loopback or "
                + "an internal network. It reads the data directory "
                + "without locking it (a snapshot of its policies; MAL entries followed as they are appended), "
                + "so it runs beside the front-end. Ctrl-C stops it."},
        footer = {"", "Example:",
            "  maat shard --index index/shard-0 --port 9001 --data data --secret-file shard.secret",
            "", "Exit codes: 0 stopped, 2 bad arguments or it could not start."})
public final class ShardCommand implements Callable<Integer> {

    private static final Pattern SHARD_DIR = Pattern.compile("shard-(\\d+)");

    @Option(names = "--index", required = true, paramLabel = "DIR/shard-K",
            description = "The shard's directory inside an index, e.g. index/shard-0.")
    Path shardDir;

    @Option(names = "--port", required = true, description = "Port to serve on (0: any free port).")
    int port;

    @Option(names = "--data", paramLabel = "DIR",
            description = "Data directory (maat generate). Default: 'data' beside the index (index/../data).")
    Path data;

    @Option(names = "--host", defaultValue = "127.0.0.1", description = "Address to bind. Default: ${DEFAULT-VALUE}.")
    String host;

    @Option(names = "--secret-file", paramLabel = "FILE",
            description = "The deployment's shard secret (mode 0600; created if absent). Default: the environment "
                    + "variable MAAT_SHARD_SECRET.")
    Path secretFile;

    @Mixin
    NoPolicyOption noPolicy;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Monitoring monitoring = noPolicy.monitoring();
        if (port < 0 || port > 65535) {
            throw new ParameterException(spec.commandLine(), "--port must be 0 to 65535, not " + port);
        }
        Path dir = shardDir.toAbsolutePath().normalize();
        Matcher m = SHARD_DIR.matcher(dir.getFileName() == null ? "" : dir.getFileName().toString());
        if (!m.matches() || dir.getParent() == null) {
            throw new ParameterException(spec.commandLine(), "--index must name a shard directory of an index, "
                    + "e.g. index/shard-0, not " + shardDir);
        }
        int shard = Integer.parseInt(m.group(1));
        ShardSecret secret = ShardSecretOption.resolve(secretFile, "--secret-file", spec, System.getenv());
        IndexLayout layout = new IndexLayout(dir.getParent());
        Path dataDir = data != null ? data : layout.root().resolveSibling("data");
        PrintWriter out = spec.commandLine().getOut();
        ShardIndex index = ShardIndex.open(DataDir.at(dataDir), layout, monitoring);
        ShardServer server;
        try {
            if (shard >= index.shards()) {
                throw new IllegalArgumentException("index " + layout.root() + " has " + index.shards()
                        + " shard(s); there is no shard " + shard);
            }
            server = ShardServer.start(index.shard(shard), secret, host, port, "shard-" + shard);
        } catch (Exception e) {
            index.close();
            throw e;
        }
        out.printf("shard %d of %s (data %s)%s serving at %s (Ctrl-C to stop)%n", shard, layout.root(), dataDir,
                !monitoring.monitored() ? " without the monitor" : "", server.url());
        out.flush();
        RunUntilStopped.await("shard " + shard, out, () -> {
            server.close();
            index.close();
        });
        return 0;
    }
}
