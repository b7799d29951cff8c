package org.maat.vault.client;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.keys.KeySources;
import org.maat.keys.KeyUnavailableException;

class VaultKeySourceProviderTest {

    @Test
    void aLocationWithoutDirectoryCollectionAndNameShowsTheUsage() {
        assertThatThrownBy(() -> KeySources.open("vault:erp/master")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("vault:DIR/COLLECTION/NAME");
        assertThatThrownBy(() -> KeySources.open("vault:master")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aBadSecretNameIsRefusedBeforeAnyFileIsRead() {
        assertThatThrownBy(() -> KeySources.open("vault:/nowhere/erp/mas ter"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'mas ter'");
    }

    @Test
    void aMissingVaultIsAKeyUnavailableNamingTheSpecAndTheFile(@TempDir Path dir) {
        Path vault = dir.resolve("no-vault");
        assertThatThrownBy(() -> KeySources.open("vault:" + vault + "/erp/master"))
                .isInstanceOf(KeyUnavailableException.class)
                .hasMessageContaining("vault:" + vault + "/erp/master")
                .hasMessageContaining("vault.json");
    }
}
