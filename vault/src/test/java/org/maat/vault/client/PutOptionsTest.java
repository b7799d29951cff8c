package org.maat.vault.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.maat.vault.VaultException;
import org.maat.vault.config.ClientEntry;
import org.maat.vault.config.ServerEndpoint;
import org.maat.vault.config.VaultConfig;

class PutOptionsTest {

    private final VaultConfig config = new VaultConfig(Path.of("/tmp/vault"), "pw",
            List.of(new ServerEndpoint(1, "127.0.0.1", 9441, null), new ServerEndpoint(2, "127.0.0.1", 9442, null),
                    new ServerEndpoint(3, "127.0.0.1", 9443, null)),
            List.of(new ClientEntry("maat", "maat", "00")));

    @Test
    void theDefaultIsEveryServerWithKAndQuorumEqualToN() {
        PutOptions.Placement placement = PutOptions.defaults().place(config);
        assertThat(placement.servers()).extracting(ServerEndpoint::id).containsExactly(1, 2, 3);
        assertThat(placement.k()).isEqualTo(3);
        assertThat(placement.quorum()).isEqualTo(3);
    }

    @Test
    void chosenServersSetN() {
        PutOptions.Placement placement = PutOptions.of(1, 0, 1).onServers(List.of(3, 1)).place(config);
        assertThat(placement.servers()).extracting(ServerEndpoint::id).containsExactly(3, 1);
        assertThat(placement.n()).isEqualTo(2);
    }

    @Test
    void impossibleOptionsAreRefusedWithTheReason() {
        assertThatThrownBy(() -> PutOptions.of(3, 2, 2).place(config)).isInstanceOf(VaultException.class)
                .hasMessageContaining("3-of-2");
        assertThatThrownBy(() -> PutOptions.of(2, 4, 2).place(config)).hasMessageContaining("the vault has 3 servers");
        assertThatThrownBy(() -> PutOptions.of(2, 3, 4).place(config)).hasMessageContaining("quorum 4");
        assertThatThrownBy(() -> PutOptions.defaults().onServers(List.of(1, 1)).place(config))
                .hasMessageContaining("twice");
    }
}
