package org.maat.cli.atrest;

import java.util.concurrent.Callable;
import org.maat.cli.options.QuietOption;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code maat atrest converge}: re-encrypts, in the foreground, every block not under the cipher the volume wants. */
@Command(name = "converge",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Bring an encrypted directory to its configuration: re-encrypt every block whose cipher is not "
                + "the one the volume wants now (Forward: the write cipher; Selective: its region's; Mirrored: fill the "
                + "regions a switch added), and encrypt the files written before the directory was encrypted.",
            "",
            "Runs in the foreground with progress on standard error, one block at a time, while servers keep using the data: "
                + "interrupting it (Ctrl-C, a crash) leaves every block readable under a known cipher, and running it "
                + "again finishes the job."},
        footer = {"", "Examples:",
            "  maat atrest converge --data data",
            "  maat atrest converge --data index --at-rest-key vault:maat/index-key",
            "", "Exit codes: 0 converged, 2 bad arguments, no such directory, no volume in it, a key that does not "
                + "open it, or a block that fails authentication (named with its file)."})
public final class AtRestConvergeCommand implements Callable<Integer> {

    @Mixin
    VolumeOptions volume;

    @Mixin
    QuietOption quiet;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Convergence.run(volume.open(spec), quiet.quiet(), spec.commandLine().getOut());
        return 0;
    }
}
