package org.maat.cli.vault;

import java.nio.file.Path;
import org.maat.vault.config.VaultConfig;
import picocli.CommandLine.Option;

/** {@code --dir}: the vault directory every {@code maat vault} command works on. */
public final class VaultDirOption {

    @Option(names = "--dir", required = true, paramLabel = "DIR",
            description = "The vault directory (maat vault init): vault.json, the CA certificate, and the keys of the "
                    + "servers and clients this machine holds.")
    Path dir;

    public Path dir() {
        return dir;
    }

    /** The vault's configuration; a missing or damaged vault.json fails with the file and the field. */
    public VaultConfig load() {
        return VaultConfig.load(dir);
    }
}
