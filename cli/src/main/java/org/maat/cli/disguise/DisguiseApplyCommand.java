package org.maat.cli.disguise;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.maat.cli.ValidatedFirst;
import org.maat.cli.options.NewFile;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Disguises;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.ReceiptFile;
import org.maat.disguise.search.CommittedDisguiseException;
import org.maat.disguise.search.SearchDisguises;
import org.maat.disguise.search.SearchReceipt;
import org.maat.disguise.spec.DisguiseSpec;
import org.maat.disguise.store.Locator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code maat disguise apply}: disguises a principal's data and writes the receipt the user keeps. */
@Command(name = "apply",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Apply a disguise to a principal's data, all or nothing: rows or documents removed, columns "
                + "modified, references decorrelated to fresh pseudoprincipals, as the specification says. What "
                + "changed is sealed to the principal's registered public key; the receipt (--receipt FILE, created "
                + "owner-only, never overwritten) holds the only locator of it.",
            "",
            "A disguise applied after another one (delete after anonymize) must also reach the pseudoprincipals the "
                + "first created: give the user's key and the earlier receipts with --after."},
        footer = {"", "Examples:",
            "  maat disguise apply --db jdbc:h2:./websubmit --principal alice@example.edu \\",
            "      --spec websubmit-anonymize-account --receipt alice-anon.receipt",
            "  maat disguise apply --db jdbc:h2:./websubmit --principal alice@example.edu \\",
            "      --spec websubmit-delete-account --receipt alice-del.receipt --after alice-anon.receipt --key-file alice.key",
            "", "Exit codes: 0 applied, 2 bad arguments, an unknown principal or spec, or a spec that does not fit the "
                + "data (nothing changed)."})
public final class DisguiseApplyCommand implements Callable<Integer>, ValidatedFirst {

    @Mixin
    TargetOptions target;

    @Option(names = "--principal", required = true, paramLabel = "ID", description = "Whose data to disguise.")
    String principal;

    @Option(names = "--spec", required = true, paramLabel = "NAME|FILE",
            description = "A built-in disguise (maat disguise list) or a specification file.")
    String specName;

    @Option(names = "--receipt", required = true, paramLabel = "FILE",
            description = "Where to write the receipt (must not exist).")
    Path receiptFile;

    @Option(names = "--after", paramLabel = "RECEIPT", split = ",",
            description = "Receipts of earlier disguises of the same user (needs the user's key).")
    List<Path> after = new ArrayList<>();

    @Mixin
    UserKeyOptions key;

    @Spec
    CommandSpec spec;

    /** Read by {@link #validate()}: the disguise, the earlier disguises' locators and the user's proof. */
    private DisguiseSpec disguise;
    private PrincipalProof proof;

    /** Everything but the target's data: the receipt's place, the spec, the earlier receipts, the key. */
    @Override
    public void validate() throws IOException {
        NewFile.check(spec, "--receipt", receiptFile);
        if (!after.isEmpty() && !key.given()) {
            throw new IllegalArgumentException("--after needs the user's key (--key-file or --phrase) to open the "
                    + "earlier disguises");
        }
        disguise = DisguiseSpecs.builtinNames().contains(specName) ? DisguiseSpecs.builtin(specName)
                : DisguiseSpecs.load(Path.of(specName));
        List<Locator> earlier = new ArrayList<>();
        for (Path p : after) {
            earlier.add(ReceiptFile.read(p).locator());
        }
        proof = key.given() ? new PrincipalProof(key.key(), earlier) : PrincipalProof.none();
    }

    @Override
    public Integer call() throws IOException {
        if (disguise == null) {
            validate(); // run outside Main's tree (a test's own CommandLine)
        }
        Receipt receipt;
        String kept = null;
        try (Disguises disguises = target.open()) {
            if (disguises instanceof SearchDisguises search) {
                // Search data has a MAL log no disguise may rewrite: the user is told what stays.
                SearchReceipt searchReceipt = search.disguise(disguise, principal, proof);
                receipt = searchReceipt.receipt();
                kept = searchReceipt.malExplanation();
            } else {
                receipt = disguises.apply(disguise, principal, proof);
            }
        } catch (CommittedDisguiseException e) {
            // Committed but not finished (a disk error): the next open finishes it; the receipt must not be lost.
            spec.commandLine().getErr().println("maat disguise apply: warning: " + e.getMessage());
            receipt = e.receipt();
            kept = e.searchReceipt().malExplanation();
        }
        ReceiptFile.write(receiptFile, receipt);
        PrintWriter out = spec.commandLine().getOut();
        if (kept != null) {
            out.println("mandatory access log: " + kept);
        }
        out.printf("disguised %s with %s: %d change(s), %d pseudoprincipal(s)%n", principal, receipt.disguise(),
                receipt.changes(), receipt.pseudoprincipals());
        out.println("receipt: " + receiptFile + " (keep it with your key: it is the only way to reveal)");
        out.flush();
        return 0;
    }
}
