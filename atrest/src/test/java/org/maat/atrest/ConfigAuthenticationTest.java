package org.maat.atrest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.cipher.Ciphers;
import org.maat.keys.KeySources;

/**
 * {@code atrest.json} is authenticated under the volume key: every edit of a field by someone without the key is
 * refused, in a new process (a fresh instance) and in a running one (its next re-read); the earlier unauthenticated
 * format is refused with the command that upgrades it; a running volume that saw plaintext end never allows it again.
 */
class ConfigAuthenticationTest {

    @TempDir
    Path tmp;

    private Path keyFile() {
        return tmp.resolve("data.atrest.key");
    }

    private AtRestVolume fresh(Path root) throws IOException {
        return AtRestVolume.open(root, KeySources.open("file:" + keyFile()));
    }

    @Test
    void everyFieldEditedWithoutTheKeyIsRefusedInANewAndARunningVolume() throws Exception {
        AtRestVolume v = TestVolumes.create(tmp, Ciphers.CHACHA20, 256);
        v.switchTo(Ciphers.CHACHA8, SwitchModel.SELECTIVE);
        Path root = v.root();
        Path config = root.resolve(AtRestVolume.CONFIG_FILE);
        String genuine = Files.readString(config);
        List<UnaryOperator<String>> edits = List.of(
                j -> j.replace("\"selective\"", "\"mirrored\""),
                j -> j.replace("\"writeCipher\" : \"chacha8\"", "\"writeCipher\" : \"chacha20\""),
                j -> j.replace("\"readPreference\" : \"chacha8\"", "\"readPreference\" : \"chacha20\""),
                j -> j.replace("\"chacha20\", \"chacha8\" ]", "\"chacha20\" ]"),
                j -> j.replace("\"blockSize\" : 256", "\"blockSize\" : 512"),
                j -> j.replace("\"file:../data.atrest.key\"", "\"file:../other.key\""),
                j -> j.replace("\"plaintextFiles\" : \"none\"", "\"plaintextFiles\" : \"allowed\""),
                j -> j.replaceAll(",\\s*\"mac\"\\s*:\\s*\"[0-9a-f]+\"", ""),
                ConfigAuthenticationTest::flipFirstMacDigit);
        for (UnaryOperator<String> edit : edits) {
            String forged = edit.apply(genuine);
            assertThat(forged).as("the edit applies").isNotEqualTo(genuine);
            Files.writeString(config, forged);
            assertThatThrownBy(() -> fresh(root)).as(forged).isInstanceOf(IOException.class)
                    .hasMessageContaining(config.toString()).hasMessageContaining("fails authentication");
            Thread.sleep(60); // past the running volume's re-read interval
            assertThatThrownBy(() -> v.open(root.resolve("f"), java.nio.file.StandardOpenOption.READ))
                    .as(forged).isInstanceOf(IOException.class).hasMessageContaining("fails authentication");
        }
        Files.writeString(config, genuine);
        assertThat(fresh(root).model()).isEqualTo(SwitchModel.SELECTIVE);
    }

    @Test
    void theEarlierFormatIsRefusedNamingTheUpgradeWhichKeepsItsMeaning() throws IOException {
        AtRestVolume v = TestVolumes.create(tmp, Ciphers.CHACHA20, 256);
        Path root = v.root();
        Path file = root.resolve("old.dat");
        Files.write(file, "plaintext written before the volume".getBytes(StandardCharsets.UTF_8));
        Path config = root.resolve(AtRestVolume.CONFIG_FILE);
        // As the earlier version wrote it: no MAC, and no plaintextFiles field (which then meant "allowed").
        Files.writeString(config, "{\"format\": \"maat-atrest-1\", \"model\": \"forward\", \"regions\": [\"chacha20\"],"
                + " \"writeCipher\": \"chacha20\", \"readPreference\": \"chacha20\", \"blockSize\": 256,"
                + " \"keySpec\": \"file:../data.atrest.key\"}");
        assertThatThrownBy(() -> fresh(root)).isInstanceOf(IOException.class)
                .hasMessageContaining("maat-atrest-1").hasMessageContaining("maat atrest reseal --data " + root);

        AtRestVolume upgraded = AtRestVolume.upgrade(root, null); // the key its spec names
        assertThat(Files.readString(config)).contains("maat-atrest-3").contains("\"mac\"").contains("\"old.dat\"");
        assertThat(upgraded.plaintextAllowed()).isTrue();
        assertThat(TestVolumes.readAll(fresh(root), file)).isEqualTo(Files.readAllBytes(file));
        upgraded.encryptPlaintext(file);
        upgraded.endPlaintext();
        assertThat(fresh(root).plaintextAllowed()).isFalse();
        assertThat(AtRestVolume.upgrade(root, null).plaintextAllowed()).as("an upgrade of an upgraded volume: nothing")
                .isFalse();
    }

    @Test
    void aRunningVolumeNeverGoesBackToAllowingPlaintextButANewOneCannotTell() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("data"));
        Path file = root.resolve("segment.dat");
        Files.write(file, "the genuine record".getBytes(StandardCharsets.UTF_8));
        AtRestVolume v = AtRestVolume.create(root, Ciphers.CHACHA20, "file:" + keyFile());
        Path config = root.resolve(AtRestVolume.CONFIG_FILE);
        byte[] before = Files.readAllBytes(config);
        v.encryptPlaintext(file);
        v.endPlaintext();
        AtRestVolume other = fresh(root); // another process that started before the rollback
        assertThat(other.plaintextAllowed()).isFalse();

        Files.write(config, before); // an authenticated configuration of the key holder's, put back
        Thread.sleep(120);
        // Both refuse it (an older generation than they have read), so neither takes any of it, and say so.
        assertThatThrownBy(v::plaintextAllowed).hasMessageContaining(config + ": an older at-rest configuration");
        assertThatThrownBy(other::plaintextAllowed).hasMessageContaining(config + ": an older at-rest configuration");
        assertThatThrownBy(() -> v.switchTo(Ciphers.CHACHA8, SwitchModel.FORWARD))
                .hasMessageContaining("an older at-rest configuration");

        // What is not detected: a process started while the rolled-back configuration is on disk believes it.
        assertThat(fresh(root).plaintextAllowed()).isTrue();
    }

    /** The configuration with the MAC's first hex digit changed (to another digit, whatever it was). */
    private static String flipFirstMacDigit(String json) {
        java.util.regex.Matcher mac = java.util.regex.Pattern.compile("\"mac\"\\s*:\\s*\"([0-9a-f])").matcher(json);
        if (!mac.find()) {
            return json;
        }
        char digit = mac.group(1).charAt(0);
        return json.substring(0, mac.start(1)) + (digit == '0' ? '1' : '0') + json.substring(mac.end(1));
    }
}
