package org.maat.cli.vault;

import org.maat.vault.client.VaultClient;
import picocli.CommandLine.Option;

/** {@code --client}: whose certificate a vault command connects with. */
public final class ClientOption {

    @Option(names = "--client", defaultValue = VaultClient.DEFAULT_CLIENT, paramLabel = "NAME",
            description = "The client certificate (DIR/clients/NAME.p12) to connect with. Default: ${DEFAULT-VALUE}.")
    String client;

    public String client() {
        return client;
    }
}
