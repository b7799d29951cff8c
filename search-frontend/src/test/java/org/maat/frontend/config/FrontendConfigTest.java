package org.maat.frontend.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FrontendConfigTest {

    @Test
    void anErpDatabaseAloneIsAFrontendWithoutSearch() {
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

    @Test
    void configNamesTheMissingOrMalformedSetting() {
        assertThatThrownBy(() -> FrontendConfig.read(Map.of("maat.shards", "http://127.0.0.1:1")::get))
                .hasMessageContaining("maat.data is not set");
        assertThatThrownBy(() -> FrontendConfig.read(Map.of("maat.data", "d", "maat.shards", "s",
                "maat.shardSecretFile", "f", "maat.maxConcurrent", "many")::get)).hasMessageContaining("maat.maxConcurrent must be a whole number");
        assertThatThrownBy(() -> FrontendConfig.read(Map.of("maat.data", "d", "maat.shards", "s")::get))
                .hasMessageContaining("maat.shardSecretFile is not set");
        FrontendConfig c = FrontendConfig.read(Map.of("maat.data", "d", "maat.shards", "s", "maat.policy", "false",
                "maat.shardSecretFile", "shard.secret")::get);
        assertThat(c.policy()).isFalse();
        assertThat(c.maxConcurrent()).isEqualTo(FrontendConfig.defaultMaxConcurrent());
        assertThat(c.maxQueued()).isEqualTo(c.maxConcurrent());
        assertThat(c.proxyHeader()).isNull();
    }

    @Test
    void whatALauncherWritesIsWhatTheFrontendReads() {
        FrontendConfig.Settings settings = FrontendConfig.search(Path.of("d"), "http://127.0.0.1:1|http://127.0.0.1:2",
                        false).withShardSecretFile(Path.of("s.secret")).withRegions(Path.of("r.properties"))
                .withProxyHeader("X-Forwarded-For").withMaxConcurrent(5).withMaxQueued(2).withMaxWaitMillis(7)
                .withSessionMinutes(9).withErp(Path.of("e")).withErpConnections(3).withErpKeySource("file:/keys/erp.key")
                .withIndex(Path.of("i"));
        FrontendConfig c = FrontendConfig.read(settings.initParameters()::get);
        assertThat(c).isEqualTo(new FrontendConfig(Path.of("d").toAbsolutePath(),
                "http://127.0.0.1:1|http://127.0.0.1:2", false, Path.of("r.properties").toAbsolutePath(),
                "X-Forwarded-For", 5, 9, Path.of("e").toAbsolutePath(), 3, Path.of("s.secret").toAbsolutePath(), 2, 7,
                "file:/keys/erp.key", Path.of("i").toAbsolutePath(), null));
        assertThat(settings.admitted()).isEqualTo(5);
        assertThat(c.disguises()).isTrue();
    }

    @Test
    void settingsLeftOutTakeTheFrontendsDefaults() {
        FrontendConfig.Settings settings = FrontendConfig.erpOnly(Path.of("e"));
        assertThat(settings.initParameters()).containsOnlyKeys(FrontendConfig.ERP, FrontendConfig.POLICY);
        FrontendConfig c = FrontendConfig.read(settings.initParameters()::get);
        assertThat(c.searches()).isFalse();
        assertThat(c.maxConcurrent()).isEqualTo(settings.admitted()).isEqualTo(FrontendConfig.defaultMaxConcurrent());
        assertThat(c.sessionMinutes()).isEqualTo(FrontendConfig.DEFAULT_SESSION_MINUTES);
        assertThat(c.maxWaitMillis()).isEqualTo(FrontendConfig.DEFAULT_MAX_WAIT_MILLIS);
        assertThat(c.erpKeySource()).isNull();
        assertThat(c.disguises()).as("no index: no account disguises").isFalse();
    }

    @Test
    void accountsForTheErpPagesRoundTripAndAreRefusedBesideADataDirectory() {
        FrontendConfig.Settings settings = FrontendConfig.erpOnly(Path.of("e")).withAccounts(Path.of("a"));
        assertThat(FrontendConfig.read(settings.initParameters()::get).accounts()).isEqualTo(Path.of("a").toAbsolutePath());
        assertThatThrownBy(() -> FrontendConfig.read(Map.of("maat.data", "d", "maat.shards", "s",
                "maat.shardSecretFile", "f", "maat.accounts", "a")::get))
                .hasMessageContaining("maat.accounts is set beside maat.data");
    }

    @Test
    void anIndexIsRefusedWithoutADataDirectory() {
        assertThatThrownBy(() -> FrontendConfig.erpOnly(Path.of("e")).withIndex(Path.of("i")))
                .hasMessageContaining("maat.index is set but maat.data is not");
        assertThatThrownBy(() -> FrontendConfig.read(Map.of("maat.erp", "e", "maat.index", "i")::get))
                .hasMessageContaining("maat.index is set but maat.data is not");
    }

    @Test
    void anErpKeySourceRoundTripsAsGivenAndIsReadFromAnInitParameter() {
        FrontendConfig.Settings settings = FrontendConfig.erpOnly(Path.of("e"))
                .withErpKeySource("vault:/v/erp/master");
        assertThat(settings.initParameters()).containsEntry(FrontendConfig.ERP_KEY_SOURCE, "vault:/v/erp/master");
        assertThat(FrontendConfig.read(settings.initParameters()::get).erpKeySource()).isEqualTo("vault:/v/erp/master");
        assertThat(FrontendConfig.read(Map.of("maat.erp", "e", "maat.erpKeySource", " keys/erp.key ")::get)
                .erpKeySource()).isEqualTo("keys/erp.key");
    }

    @Test
    void anErpKeySourceIsRefusedWithoutAnErpDatabaseOrWhenBlank() {
        FrontendConfig.Settings search = FrontendConfig.search(Path.of("d"), "http://127.0.0.1:1", true)
                .withShardSecretFile(Path.of("s.secret"));
        assertThatThrownBy(() -> search.withErpKeySource("file:k"))
                .hasMessageContaining("maat.erpKeySource is set but maat.erp is not");
        assertThatThrownBy(() -> FrontendConfig.read(Map.of("maat.data", "d", "maat.shards", "s",
                "maat.shardSecretFile", "f", "maat.erpKeySource", "file:k")::get))
                .hasMessageContaining("maat.erpKeySource is set but maat.erp is not");
        assertThatThrownBy(() -> FrontendConfig.erpOnly(Path.of("e")).withErpKeySource(" "))
                .hasMessageContaining("maat.erpKeySource is blank");
        assertThatThrownBy(() -> FrontendConfig.read(Map.of("maat.erp", "e", "maat.erpKeySource", "")::get))
                .hasMessageContaining("maat.erpKeySource is blank");
        assertThatThrownBy(() -> new FrontendConfig(null, null, true, null, null, 4, 30, null, 8, null, 4, 500,
                "file:k", null, null)).hasMessageContaining("maat.erpKeySource is set but maat.erp is not");
    }

    @Test
    void settingsAreValidatedAsTheFrontendValidatesThem() {
        assertThatThrownBy(() -> FrontendConfig.erpOnly(Path.of("e")).withErpConnections(0))
                .hasMessageContaining("maat.erpConnections must be at least 1");
        assertThatThrownBy(() -> FrontendConfig.erpOnly(Path.of("e")).withMaxQueued(-1))
                .hasMessageContaining("maat.maxQueued must be at least 0");
        assertThatThrownBy(() -> new FrontendConfig.Settings(Optional.of(Path.of("d")), Optional.empty(), true,
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty()))
                .hasMessageContaining("search needs both");
        assertThatThrownBy(() -> new FrontendConfig.Settings(Optional.empty(), Optional.empty(), true,
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty()))
                .hasMessageContaining("serves nothing");
    }
}
