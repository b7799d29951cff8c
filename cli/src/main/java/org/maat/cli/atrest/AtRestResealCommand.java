package org.maat.cli.atrest;

import java.util.concurrent.Callable;
import org.maat.atrest.AtRestVolume;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code maat atrest reseal}: authenticates the configuration of a volume made by an earlier version. */
@Command(name = "reseal",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Authenticate DIR/atrest.json under the volume's key. A volume made by an earlier version has an "
                + "unauthenticated configuration (format maat-atrest-1), which is refused: anyone who could write the "
                + "disk could have edited it. Check it first (model, ciphers, keySpec, plaintextFiles), then reseal it: "
                + "its content is kept, a missing plaintextFiles read as \"allowed\" as that format meant; "
                + "'maat atrest converge' then encrypts any plaintext file left and ends plaintext for good.",
            "",
            "A configuration that allows plaintext files lists their names under its MAC, and only a listed file "
                + "without the encrypted header reads as plaintext. One that allows them but lists none (format "
                + "maat-atrest-2) admits none until resealed: reseal lists the files under DIR that lack the header "
                + "now, so check them first.",
            "",
            "Does nothing to a configuration that is authenticated already and lists its plaintext files."},
        footer = {"", "Examples:",
            "  maat atrest reseal --data data",
            "  maat atrest reseal --data index --at-rest-key vault:maat/index-key",
            "", "Exit codes: 0 authenticated, 2 bad arguments, no such directory, no volume in it, or a configuration "
                + "that is neither the earlier format nor authenticated under the key."})
public final class AtRestResealCommand implements Callable<Integer> {

    @Mixin
    VolumeOptions volume;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        AtRestVolume v = volume.upgrade(spec);
        spec.commandLine().getOut().printf("%s: %s authenticated under the volume key (%s, plaintext files %s)%n",
                v.root(), AtRestVolume.CONFIG_FILE, v.model().label(), v.plaintextAllowed() ? "allowed" : "none");
        return 0;
    }
}
