package org.maat.cli.vault;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.maat.vault.client.VaultClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code maat vault delete}: removes a secret's shares from the collection's servers, decided on its deciding server. */
@Command(name = "delete",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Delete a secret: get delete tokens from the collection's access-control servers (only the "
                + "account that owns the collection is granted them); the delete is decided on the collection's "
                + "deciding server (its lowest server id), which must be up, then applied on its other servers: the "
                + "committed shares go, with the staged shares of the put deleted; a put decided after the delete "
                + "keeps its shares.",
            "",
            "Idempotent: a server without the secret counts as done, so deleting again after a failure (a server down, "
                + "a put cut short) finishes the job and leaves the name free for a new put."},
        footer = {"", "Example:",
            "  maat vault delete --dir vault --collection erp --name master",
            "", "Exit codes: 0 deleted (or nothing was there), 2 bad arguments, or a server was down or refused "
                + "(the message names it; run the delete again once it is back)."})
public final class VaultDeleteCommand implements Callable<Integer> {

    @Mixin
    VaultDirOption dir;

    @Mixin
    SecretOptions secret;

    @Mixin
    ClientOption client;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        int deleted;
        try (VaultClient vault = VaultClient.open(dir.dir(), client.client())) {
            deleted = vault.delete(secret.collection(), secret.name());
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf(deleted == 0 ? "%s/%s was on no server: nothing to delete%n"
                : "deleted %s/%s from %d server(s)%n", secret.collection(), secret.name(), deleted);
        out.flush();
        return 0;
    }
}
