package org.maat.cli.disguise;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.maat.disguise.Conflict;
import org.maat.disguise.Disguises;
import org.maat.disguise.ReceiptFile;
import org.maat.disguise.RevealRefusedException;
import org.maat.disguise.RevealReport;
import org.maat.disguise.store.Locator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code maat disguise reveal}: undoes a disguise with the user's key and receipt. */
@Command(name = "reveal",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Undo a disguise: open its bag with the user's private key, check every change against the "
                + "current data, and restore all of it or nothing. A restore that would overwrite something done "
                + "since (an id reused, a value edited, a row gone) is refused, naming each conflict. The bag is "
                + "deleted once revealed, so a receipt works once."},
        footer = {"", "Example:",
            "  maat disguise reveal --db jdbc:h2:./websubmit --receipt alice-del.receipt --key-file alice.key",
            "", "Exit codes: 0 revealed, 2 bad arguments, 4 refused (wrong key, altered or already revealed bag, "
                + "conflicts; nothing changed)."})
public final class DisguiseRevealCommand implements Callable<Integer> {

    static final int EXIT_REFUSED = 4;

    @Mixin
    TargetOptions target;

    @Option(names = "--receipt", required = true, paramLabel = "FILE", description = "The receipt of the disguise.")
    Path receipt;

    @Mixin
    UserKeyOptions key;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Locator locator = ReceiptFile.read(receipt).locator();
        RevealReport report;
        try (Disguises disguises = target.open()) {
            report = disguises.reveal(locator, key.key());
        } catch (RevealRefusedException e) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("maat disguise reveal: refused, nothing changed: " + (e.conflicts().isEmpty() ? e.getMessage()
                    : e.conflicts().size() + " conflict(s) with the current data:"));
            for (Conflict c : e.conflicts()) {
                err.println("  " + c);
            }
            err.flush();
            return EXIT_REFUSED;
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf("revealed %s of %s: %d restored, %d re-correlated, %d pseudoprincipal(s) removed%n",
                report.disguise(), report.principal(), report.restored(), report.recorrelated(),
                report.pseudoprincipalsRemoved());
        out.flush();
        return 0;
    }
}
