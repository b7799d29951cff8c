package org.maat.cli.vault;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import org.maat.vault.client.PutOptions;
import org.maat.vault.client.Timings;
import org.maat.vault.client.VaultClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code maat vault put}: splits a secret and stores one share on each server. */
@Command(name = "put",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Store a secret: read it from standard input (or --in FILE, or make --random N bytes), split it "
                + "k-of-n with Shamir's scheme, and store one share on each of n storage servers, in COLLECTION. The "
                + "first put to a collection creates it on each server and sets its permissions on each access-control "
                + "server: readable and writable by the client's account only; every later read needs tokens from "
                + "--quorum of those ACSs.",
            "",
            "Secrets are immutable: putting a name that holds another secret fails (exit 2); maat vault delete "
                + "frees it. By default, as in Tutamen, every server holds a share and all of them are needed (k = n = quorum = the number of servers): no redundancy, "
                + "the least trust in each server. --k 2 --n 3 --quorum 2 survives one server down."},
        footer = {"", "Examples:",
            "  maat vault put --dir vault --collection erp --name master --random 32",
            "  maat vault put --dir vault --collection erp --name master --k 2 --n 3 --quorum 2 < keyfile",
            "", "A put is all-or-nothing: its shares are staged on every server, then committed; if it fails or is "
                + "killed part-way, nothing of it is visible, and running it again (or maat vault delete) leaves the "
                + "name clean. Running it again with the same secret after it succeeded succeeds again.",
            "", "Exit codes: 0 stored, 2 bad arguments, the secret exists, or a server was down or refused "
                + "(the message names it)."})
public final class VaultPutCommand implements Callable<Integer> {

    /** Shares travel base64 in 64 KB request bodies; a key is tens of bytes. */
    static final int MAX_SECRET_BYTES = 32 * 1024;

    @Mixin
    VaultDirOption dir;

    @Mixin
    SecretOptions secret;

    @Option(names = "--k", paramLabel = "K", description = "Shares needed to recover it, 1 to n (1: every server "
            + "holds the whole secret). Default: n.")
    Integer k;

    @Option(names = "--n", paramLabel = "N", description = "Shares, one per server. Default: every server.")
    Integer n;

    @Option(names = "--quorum", paramLabel = "Q",
            description = "ACS tokens a storage server requires (of the n servers' ACSs), 1 to n. Default: n.")
    Integer quorum;

    @Option(names = "--servers", split = ",", paramLabel = "I,J,...",
            description = "The servers to hold the shares (n is their number). Default: the first n.")
    List<Integer> servers;

    @Option(names = "--in", paramLabel = "FILE", description = "Read the secret from FILE instead of standard input.")
    Path in;

    @Option(names = "--random", paramLabel = "BYTES",
            description = "Store BYTES fresh random bytes (a new key) instead of reading one; nothing is printed.")
    Integer random;

    @Mixin
    ClientOption client;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        // Given explicitly, 0 is an error, never "the default" (which is what leaving the option out means).
        for (var given : new Object[][] {{"--k", k}, {"--n", n}, {"--quorum", quorum}}) {
            if (given[1] != null && (Integer) given[1] < 1) {
                throw new ParameterException(spec.commandLine(), given[0] + " must be at least 1, not " + given[1]
                        + " (leave it out for the default, n)");
            }
        }
        if (random != null && in != null) {
            throw new ParameterException(spec.commandLine(), "give --random or --in, not both");
        }
        if (random != null && (random < 1 || random > MAX_SECRET_BYTES)) {
            throw new ParameterException(spec.commandLine(), "--random must be 1 to " + MAX_SECRET_BYTES + " bytes");
        }
        byte[] secret = random != null ? randomBytes(random) : read();
        PutOptions options = new PutOptions(k == null ? 0 : k, n == null ? 0 : n, quorum == null ? 0 : quorum, null);
        if (servers != null) {
            options = options.onServers(servers);
        }
        if (k != null && k == 1) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("warning: --k 1 gives each storage server the whole secret: any one of them can read it");
            err.flush();
        }
        try (VaultClient vault = VaultClient.open(dir.dir(), client.client())) {
            Timings timings = vault.put(this.secret.collection(), this.secret.name(), secret, options);
            PrintWriter out = spec.commandLine().getOut();
            out.printf("stored %s/%s (%d bytes) in vault %s: %s%n", this.secret.collection(), this.secret.name(), secret.length, dir.dir(), timings);
            out.flush();
        } finally {
            Arrays.fill(secret, (byte) 0);
        }
        return 0;
    }

    private static byte[] randomBytes(int count) {
        byte[] bytes = new byte[count];
        new SecureRandom().nextBytes(bytes);
        return bytes;
    }

    private byte[] read() throws IOException {
        String source = in == null ? "standard input" : in.toString();
        byte[] secret;
        try (InputStream stream = in == null ? System.in : Files.newInputStream(in)) {
            secret = stream.readNBytes(MAX_SECRET_BYTES + 1);
        }
        if (secret.length == 0) {
            throw new ParameterException(spec.commandLine(), source + " is empty: nothing to store (pipe a key in, or "
                    + "use --in FILE or --random BYTES)");
        }
        if (secret.length > MAX_SECRET_BYTES) {
            Arrays.fill(secret, (byte) 0);
            throw new ParameterException(spec.commandLine(), source + " holds more than " + MAX_SECRET_BYTES
                    + " bytes: the vault holds keys, not files (store the file encrypted, and its key here)");
        }
        return secret;
    }
}
