package org.maat.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeySourcesTest {

    @TempDir
    Path dir;

    private Path existingKey(String name) throws Exception {
        Path file = dir.resolve(name);
        byte[] key = new byte[KeyFile.KEY_LENGTH];
        for (int i = 0; i < key.length; i++) {
            key[i] = (byte) (i * 7 + 1);
        }
        Files.write(file, key);
        return file;
    }

    @Test
    void fileSchemeAndBarePathReadTheSameKeyFile() throws Exception {
        Path file = existingKey("master.key");
        byte[] onDisk = Files.readAllBytes(file);

        KeySource schemed = KeySources.open("file:" + file);
        KeySource bare = KeySources.open(file.toString());

        assertThat(schemed.key()).isEqualTo(onDisk);
        assertThat(bare.key()).isEqualTo(onDisk);
        assertThat(schemed.describe()).isEqualTo("key file " + file.toAbsolutePath());
        assertThat(KeySources.open("FILE:" + file).key()).as("schemes ignore case").isEqualTo(onDisk);
    }

    @Test
    void aColonAfterASlashBelongsToTheFileName() throws Exception {
        Path file = existingKey("odd:name.key");
        assertThat(KeySources.open(file.toString()).key()).isEqualTo(Files.readAllBytes(file));
        assertThat(KeySources.open("file:" + file).key()).isEqualTo(Files.readAllBytes(file));
    }

    @Test
    void openNeverCreatesAKeyFile() {
        Path file = dir.resolve("absent.key");
        assertThatThrownBy(() -> KeySources.open("file:" + file))
                .isInstanceOf(KeyUnavailableException.class)
                .hasMessageContaining(file.toString())
                .hasMessageContaining("does not exist");
        assertThat(file).doesNotExist();
    }

    @Test
    void openCreatingFileCreatesAnOwnerOnlyKeyOnceAndThenReadsIt() throws Exception {
        Path file = dir.resolve("new/master.key");
        byte[] created = KeySources.openCreatingFile("file:" + file).key();

        assertThat(Files.readAllBytes(file)).hasSize(KeyFile.KEY_LENGTH).isEqualTo(created);
        if (Files.getFileStore(file).supportsFileAttributeView("posix")) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        }
        assertThat(KeySources.openCreatingFile(file.toString()).key()).isEqualTo(created);
        assertThat(KeySources.open(file.toString()).key()).isEqualTo(created);
    }

    @Test
    void emptySpecsAreRejectedWithTheExpectedShapes() {
        for (String empty : new String[] {null, "", "   "}) {
            assertThatThrownBy(() -> KeySources.open(empty))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("empty key source")
                    .hasMessageContaining("file:PATH");
        }
        assertThatThrownBy(() -> KeySources.openCreatingFile("file:"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("names no file");
    }

    @Test
    void anUnknownSchemeListsTheKnownOnes() {
        assertThatThrownBy(() -> KeySources.open("nosuch:somewhere/key"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown key source scheme 'nosuch'")
                .hasMessageContaining("file:PATH")
                .hasMessageContaining("hex:64_HEX_DIGITS");
    }

    @Test
    void aProviderOnTheClassPathIsFoundByItsScheme() {
        String hex = "0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20";
        KeySource source = KeySources.open("hex:" + hex);

        assertThat(source.key()).isEqualTo(HexFormat.of().parseHex(hex));
        assertThat(KeySources.open("HEX:" + hex).key()).isEqualTo(source.key());
        assertThat(KeySources.usageList()).containsExactly("file:PATH", "hex:64_HEX_DIGITS");
        assertThat(KeySources.usages()).isEqualTo("file:PATH or hex:64_HEX_DIGITS");
    }

    @Test
    void openCreatingFileLeavesOtherSchemesToTheirProvider() {
        assertThatThrownBy(() -> KeySources.openCreatingFile("hex:00"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("hex:64_HEX_DIGITS");
        assertThatThrownBy(() -> KeySources.open("hex:" + "00".repeat(32)))
                .isInstanceOf(KeyUnavailableException.class);
    }
}
