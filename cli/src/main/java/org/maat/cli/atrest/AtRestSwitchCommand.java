package org.maat.cli.atrest;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.cli.options.QuietOption;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code maat atrest switch}: changes an encrypted directory's cipher and model while it is in use. */
@Command(name = "switch",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Switch an encrypted directory to another cipher, live: only DIR/atrest.json is rewritten "
                + "(atomically); running servers and indexers re-read it and seal their next blocks under the new "
                + "cipher. What happens to the blocks already written depends on the model:",
            "  forward    they keep their cipher until rewritten (Lucene merges rewrite segments; --converge or "
                + "'maat atrest converge' rewrites the rest)",
            "  selective  one region (file~cipher) per cipher; each block goes to the region of the weakest cipher "
                + "that meets what its data requires (the population's at-rest requirements)",
            "  mirrored   every block in every region under that region's cipher; reads use the cheapest; a new "
                + "region is filled by --converge, and losing a region loses nothing",
            "",
            "With --converge the blocks not yet under the new configuration are re-encrypted at once, in the "
                + "foreground, with progress on standard error."},
        footer = {"", "Examples:",
            "  maat atrest switch --data data --to chacha20 --model forward --converge",
            "  maat atrest switch --data data --to chacha8 --model selective",
            "  maat atrest switch --data index --to chacha20 --model mirrored",
            "", "Exit codes: 0 switched, 2 bad arguments (an unknown cipher or model), no such directory, no volume in "
                + "it, or a key that does not open it."})
public final class AtRestSwitchCommand implements Callable<Integer> {

    @Mixin
    VolumeOptions volume;

    @Option(names = "--to", required = true, paramLabel = "CIPHER", completionCandidates = AtRestArguments.CipherNames.class,
            description = "The cipher new blocks get: ${COMPLETION-CANDIDATES}.")
    String to;

    @Option(names = "--model", paramLabel = "MODEL", defaultValue = "forward",
            description = "forward, selective or mirrored (default: ${DEFAULT-VALUE}).")
    String model;

    @Option(names = "--converge", description = "Then re-encrypt the existing blocks in the foreground.")
    boolean converge;

    @Mixin
    QuietOption quiet;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        AtRestCipher cipher = AtRestArguments.cipher(spec, "--to", to);
        SwitchModel switchModel = AtRestArguments.model(spec, "--model", model);
        AtRestVolume v = volume.open(spec);
        String before = v.writeCipher().name() + " (" + v.model().label() + ")";
        v.switchTo(cipher, switchModel);
        PrintWriter out = spec.commandLine().getOut();
        out.printf("%s: switched from %s to %s (%s); regions %s%n", v.root(), before, cipher.name(), switchModel.label(),
                String.join(", ", v.regions().stream().map(AtRestCipher::name).toList()));
        out.flush();
        if (converge) {
            Convergence.run(v, quiet.quiet(), out);
        } else if (switchModel != SwitchModel.SELECTIVE) {
            out.println("existing blocks keep their cipher until rewritten: 'maat atrest converge --data "
                    + v.root() + "' re-encrypts them now");
        }
        out.flush();
        return 0;
    }
}
