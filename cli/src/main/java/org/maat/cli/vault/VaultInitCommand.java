package org.maat.cli.vault;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.maat.vault.config.VaultConfig;
import org.maat.vault.pki.ClientSpec;
import org.maat.vault.pki.ServerAddress;
import org.maat.vault.pki.VaultInit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code maat vault init}: a new vault directory. */
@Command(name = "init",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Create a vault directory: a certificate authority, and for each server a TLS certificate and "
                + "a token-signing key, for each client a client certificate, and vault.json (servers, accounts, "
                + "clients). Key files are owner-only (mode 0600).",
            "",
            "Server I listens at --host on port --base-port + I - 1. To run servers on other machines, copy "
                + "vault.json, ca.crt and that server's server-I directory there; clients need vault.json, ca.crt and "
                + "their clients/NAME.p12. The CA key (ca/ca.p12) is needed by no server or client: keep it offline."},
        footer = {"", "Examples:",
            "  maat vault init --dir vault --servers 3",
            "  maat vault init --dir vault --servers 5 --host vault.example.org --base-port 9441 \\",
            "      --client maat --client ops:operators",
            "", "Exit codes: 0 created, 2 bad arguments, or DIR is not empty."})
public final class VaultInitCommand implements Callable<Integer> {

    @Mixin
    VaultDirOption dir;

    @Option(names = "--servers", defaultValue = "3", paramLabel = "N",
            description = "Access-control + storage server pairs. Default: ${DEFAULT-VALUE}, as Tutamen's deployment.")
    int servers;

    @Option(names = "--host", defaultValue = "127.0.0.1",
            description = "The servers' host name or address, in their certificates. Default: ${DEFAULT-VALUE}.")
    String host;

    @Option(names = "--base-port", defaultValue = "9441", paramLabel = "PORT",
            description = "Server I's port is PORT + I - 1. Default: ${DEFAULT-VALUE}.")
    int basePort;

    @Option(names = "--client", paramLabel = "NAME[:ACCOUNT]",
            description = "A client to issue a certificate to, in ACCOUNT (default: an account of its own name); "
                    + "repeatable. Default: maat.")
    List<String> clients = new ArrayList<>();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (servers < 1 || servers > 64) {
            throw new ParameterException(spec.commandLine(), "--servers must be 1 to 64, not " + servers);
        }
        if (basePort < 1 || basePort + servers - 1 > 65_535) {
            throw new ParameterException(spec.commandLine(), "--base-port " + basePort + " leaves no room for "
                    + servers + " ports below 65536");
        }
        List<ServerAddress> addresses = new ArrayList<>();
        for (int i = 0; i < servers; i++) {
            addresses.add(new ServerAddress(host, basePort + i));
        }
        List<ClientSpec> specs = new ArrayList<>();
        for (String client : clients.isEmpty() ? List.of("maat") : clients) {
            int colon = client.indexOf(':');
            specs.add(colon < 0 ? new ClientSpec(client, client)
                    : new ClientSpec(client.substring(0, colon), client.substring(colon + 1)));
        }
        PrintWriter out = spec.commandLine().getOut();
        VaultConfig config = VaultInit.create(dir.dir(), addresses, specs, line -> {
            out.println("  " + line);
            out.flush();
        });
        out.printf("Created a vault of %d server(s) in %s. Start it with: maat vault serve --dir %s%n",
                config.servers().size(), config.dir(), dir.dir());
        return 0;
    }
}
