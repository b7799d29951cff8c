package org.maat.cli.vault;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.maat.cli.serve.RunUntilStopped;
import org.maat.vault.config.VaultConfig;
import org.maat.vault.server.VaultServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code maat vault serve}: the vault's servers, all in this process or one of them. */
@Command(name = "serve",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Run the vault's servers: each is an access-control server (/acs) and a storage server (/ss) "
                + "behind one HTTPS port that accepts only clients with a certificate from the vault's CA. Without "
                + "--only, every server of vault.json runs in this process (a demo or test deployment); with --only I, "
                + "server I alone, as it runs on its own machine (which needs vault.json, ca.crt and DIR/server-I).",
            "",
            "Each server keeps its verifiers, permissions, collections and shares in DIR/server-I/store.mv.db, "
                + "forced to disk before it answers: a server killed at any moment loses nothing it acknowledged. "
                + "Ctrl-C stops it cleanly."},
        footer = {"", "Examples:",
            "  maat vault serve --dir vault",
            "  maat vault serve --dir vault --only 2 --port 9443 --bind 0.0.0.0",
            "", "Exit codes: 0 stopped, 2 bad arguments or a server could not start (port taken, damaged store)."})
public final class VaultServeCommand implements Callable<Integer> {

    @Mixin
    VaultDirOption dir;

    @Option(names = "--only", paramLabel = "I", description = "Run server I only.")
    Integer only;

    @Option(names = "--port", paramLabel = "PORT",
            description = "With --only: the port to listen on instead of vault.json's (clients use vault.json's: keep "
                    + "them equal, or put a proxy between).")
    Integer port;

    @Option(names = "--bind", paramLabel = "ADDRESS",
            description = "The address to listen on. Default: each server's host in vault.json.")
    String bind;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        if (port != null && only == null) {
            throw new ParameterException(spec.commandLine(), "--port goes with --only: each server of vault.json "
                    + "has its own port");
        }
        if (port != null && (port < 0 || port > 65_535)) {
            throw new ParameterException(spec.commandLine(), "--port must be 0 to 65535, not " + port);
        }
        VaultConfig config = dir.load();
        List<Integer> ids = new ArrayList<>();
        if (only != null) {
            ids.add(config.server(only).id());
        } else {
            config.servers().forEach(s -> ids.add(s.id()));
        }
        PrintWriter out = spec.commandLine().getOut();
        List<VaultServer> started = new ArrayList<>();
        try {
            for (int id : ids) {
                VaultServer.Builder builder = VaultServer.builder(config, id).port(port == null ? 0 : port);
                if (bind != null) {
                    builder.host(bind);
                }
                VaultServer server = builder.start();
                started.add(server);
                out.printf("vault server %d (access control + storage) at %s, store %s%n", id, server.uri(),
                        config.files().serverStore(id));
                if (port != null && port != 0 && port != config.server(id).port()) {
                    out.printf("  note: vault.json gives server %d port %d; clients will look there%n", id,
                            config.server(id).port());
                }
            }
        } catch (RuntimeException e) {
            started.forEach(VaultServer::close);
            throw e;
        }
        out.printf("Serving %d vault server(s) from %s (Ctrl-C to stop)%n", started.size(), config.dir());
        out.flush();
        RunUntilStopped.await("the vault", out, () -> started.forEach(VaultServer::close));
        return 0;
    }
}
