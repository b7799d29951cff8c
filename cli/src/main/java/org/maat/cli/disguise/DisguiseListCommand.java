package org.maat.cli.disguise;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.maat.disguise.BagSummary;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Disguises;
import org.maat.disguise.Receipt;
import org.maat.disguise.ReceiptFile;
import org.maat.disguise.RevealRefusedException;
import org.maat.disguise.spec.DisguiseSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code maat disguise list}: built-in disguises, a target's bag count, and what a user's receipts hold. */
@Command(name = "list",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Without a target: the built-in disguises. With one: how many bags it holds (all anyone can "
                + "learn without a key). With receipts and the user's key: what each disguise changed and whether it "
                + "can still be revealed."},
        footer = {"", "Examples:",
            "  maat disguise list",
            "  maat disguise list --db jdbc:h2:./websubmit --receipts alice-anon.receipt,alice-del.receipt --key-file alice.key"})
public final class DisguiseListCommand implements Callable<Integer> {

    @Mixin
    TargetOptions target;

    @Option(names = "--receipts", paramLabel = "RECEIPT", split = ",", description = "Receipts to describe (needs the key).")
    List<Path> receipts = new ArrayList<>();

    @Mixin
    UserKeyOptions key;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (!target.given()) {
            if (!receipts.isEmpty()) {
                throw new IllegalArgumentException("--receipts needs the target they were applied to (--db or --data)");
            }
            out.println("built-in disguises (--spec NAME):");
            for (String name : DisguiseSpecs.builtinNames()) {
                DisguiseSpec s = DisguiseSpecs.builtin(name);
                out.printf("  %-28s %-6s %s%n", name, s.appliesTo().name().toLowerCase(java.util.Locale.ROOT),
                        s.description());
            }
            out.flush();
            return 0;
        }
        if (!receipts.isEmpty() && !key.given()) {
            throw new IllegalArgumentException("--receipts needs the user's key (--key-file or --phrase)");
        }
        try (Disguises disguises = target.open()) {
            out.println(target.describe() + ": " + disguises.bags() + " bag(s)");
            for (Path file : receipts) {
                Receipt receipt = ReceiptFile.read(file);
                try {
                    BagSummary bag = disguises.describe(receipt.locator(), key.key());
                    out.printf("  %s: %s of %s, %s%s%n", file, bag.disguise(), bag.principal(), changes(bag.changesByTarget()),
                            bag.speaksFor() == 0 ? "" : ", speaks for " + bag.speaksFor() + " pseudoprincipal(s)");
                } catch (RevealRefusedException e) {
                    out.printf("  %s: %s of %s, cannot be revealed: %s%n", file, receipt.disguise(), receipt.principal(),
                            e.getMessage());
                }
            }
        }
        out.flush();
        return 0;
    }

    private static String changes(Map<String, Integer> byTarget) {
        StringBuilder s = new StringBuilder();
        byTarget.forEach((t, n) -> s.append(s.length() == 0 ? "" : ", ").append(n).append(' ').append(t));
        return s.length() == 0 ? "no changes" : s.toString();
    }
}
