package org.maat.vault.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.maat.vault.VaultException;
import org.maat.vault.pki.ClientSpec;
import org.maat.vault.pki.ServerAddress;
import org.maat.vault.pki.VaultInit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A damaged vault.json is refused with the file and the field, and left as it was. */
class VaultConfigTest {

    @TempDir
    Path dir;

    private String valid() throws Exception {
        VaultInit.create(dir, List.of(new ServerAddress("127.0.0.1", 9441)), List.of(new ClientSpec("maat", "maat")));
        return Files.readString(dir.resolve("vault.json"));
    }

    private void assertRefused(String json, String message) throws Exception {
        Files.writeString(dir.resolve("vault.json"), json);
        assertThatThrownBy(() -> VaultConfig.load(dir)).isInstanceOf(VaultException.class)
                .hasMessageContaining(dir.resolve("vault.json").toString()).hasMessageContaining(message);
        assertThat(Files.readString(dir.resolve("vault.json"))).isEqualTo(json);
    }

    @Test
    void namesTheFieldOfEachProblem() throws Exception {
        String json = valid();
        assertRefused(json.replaceFirst("\"port\" : 9441", "\"port\" : 70000"), "servers[0].port 70000 is not a TCP port");
        assertRefused(json.replaceFirst("\"version\" : 1", "\"version\" : 7"), "version is 7");
        assertRefused(json.replaceFirst("\"tokenKey\" : \"", "\"tokenKey\" : \"!!"), "servers[0].tokenKey is not a base64");
        assertRefused(json.replaceFirst("\"fingerprint\" : \"[0-9a-f]+\"", "\"fingerprint\" : \"abc\""),
                "accounts[0].clients[0].fingerprint is not a lower-hex SHA-256");
        assertRefused(json.replaceFirst("\"host\" : \"127.0.0.1\",", ""), "servers[0].host is missing");
        assertRefused(json.substring(0, json.length() / 2), "vault.json:");
        assertRefused(json.replaceFirst("\"name\" : \"maat\"", "\"name\" : \"..\""), "'..' is not a name");
        assertRefused(json.replaceFirst("\"version\" : 1,", "\"version\" : 1, \"version\" : 1,"),
                "Duplicate field 'version'");
    }

    @Test
    void aMissingFileSaysHowToCreateAVault() {
        assertThatThrownBy(() -> VaultConfig.load(dir.resolve("none"))).isInstanceOf(VaultException.class)
                .hasMessageContaining("maat vault init --dir");
    }

    @Test
    void unknownServersAndClientsAreNamedWithTheKnownOnes() throws Exception {
        valid();
        VaultConfig config = VaultConfig.load(dir);
        assertThatThrownBy(() -> config.server(4)).hasMessageContaining("its servers are 1");
        assertThatThrownBy(() -> config.client("bob")).hasMessageContaining("its clients are maat");
    }
}
