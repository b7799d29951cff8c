package org.maat.frontend.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FrontendConfigTest {

    @Test
    void anErpDatabaseAloneIsAFrontEndWithoutSearch() {
        FrontendConfig c = FrontendConfig.read(Map.of("maat.erp", "erp-db")::get);
        assertThat(c.searches()).isFalse();
        assertThat(c.erp()).isEqualTo(Path.of("erp-db"));
        assertThat(c.erpConnections()).isEqualTo(FrontendConfig.DEFAULT_ERP_CONNECTIONS);
    }

    @Test
    void searchAndErpTogether() {
        FrontendConfig c = FrontendConfig.read(Map.of("maat.data", "d", "maat.shards", "s", "maat.erp", "e",
                "maat.erpConnections", "3", "maat.shardSecretFile", "f")::get);
        assertThat(c.searches()).isTrue();
        assertThat(c.erpConnections()).isEqualTo(3);
    }

    @Test
    void withoutErpSearchSettingsAreRequiredAndGoTogether() {
        assertThatThrownBy(() -> FrontendConfig.read(Map.<String, String>of()::get))
                .hasMessageContaining("maat.data is not set").hasMessageContaining("maat.erp");
        assertThatThrownBy(() -> FrontendConfig.read(Map.of("maat.erp", "e", "maat.data", "d")::get))
                .hasMessageContaining("maat.shards is not").hasMessageContaining("search needs both");
    }

    @Test
    void aBadConnectionCountIsNamed() {
        assertThatThrownBy(() -> FrontendConfig.read(Map.of("maat.erp", "e", "maat.erpConnections", "0")::get))
                .hasMessageContaining("maat.erpConnections must be at least 1");
        assertThatThrownBy(() -> FrontendConfig.read(Map.of("maat.erp", "e", "maat.erpConnections", "x")::get))
                .hasMessageContaining("maat.erpConnections must be a whole number");
    }
}
