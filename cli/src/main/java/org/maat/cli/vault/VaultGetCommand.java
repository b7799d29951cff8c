package org.maat.cli.vault;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.Callable;
import org.maat.vault.client.Retrieval;
import org.maat.vault.client.VaultClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code maat vault get}: recovers a secret from k shares. */
@Command(name = "get",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Recover a secret: get read tokens from the collection's access-control servers, fetch shares "
                + "from the storage servers, and combine the first k that check out. The secret's bytes go to standard "
                + "output (or --out FILE, created owner-only); what went wrong on the way without preventing it (a "
                + "server down, a damaged share skipped) goes to standard error.",
            "",
            "--audit waits for every server's share and checks each against the recovered secret, naming every server "
                + "whose share is missing, damaged or disagrees: whether the vault still has its redundancy."},
        footer = {"", "Examples:",
            "  maat vault get --dir vault --collection erp --name master > master.key",
            "  maat vault get --dir vault --collection erp --name master --audit --out /dev/null",
            "", "Exit codes: 0 recovered, 2 bad arguments, no such secret, or fewer than k shares or the token quorum "
                + "reachable (the message names the servers and why)."})
public final class VaultGetCommand implements Callable<Integer> {

    @Mixin
    VaultDirOption dir;

    @Mixin
    SecretOptions secret;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the secret to FILE (mode 0600; must not exist).")
    Path out;

    @Option(names = "--audit", description = "Fetch and check every server's share, not just the first k.")
    boolean audit;

    @Mixin
    ClientOption client;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Retrieval retrieval;
        try (VaultClient vault = VaultClient.open(dir.dir(), client.client())) {
            retrieval = audit ? vault.audit(secret.collection(), secret.name())
                    : vault.read(secret.collection(), secret.name());
        }
        byte[] bytes = retrieval.secret();
        try {
            if (out == null) {
                OutputStream stdout = System.out;
                stdout.write(bytes);
                stdout.flush();
            } else {
                Files.write(Files.createFile(out, PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rw-------"))), bytes, StandardOpenOption.WRITE);
            }
        } finally {
            Arrays.fill(bytes, (byte) 0);
        }
        PrintWriter err = spec.commandLine().getErr();
        for (Map.Entry<Integer, String> problem : retrieval.problems().entrySet()) {
            err.printf("warning: server %d: %s%n", problem.getKey(), problem.getValue());
        }
        if (audit) {
            err.printf("audit of %s/%s: %s%n", secret.collection(), secret.name(), retrieval.problems().isEmpty()
                    ? "every server's share is present and agrees" : retrieval.problems().size() + " server(s) with problems");
        }
        err.flush();
        return 0;
    }
}
