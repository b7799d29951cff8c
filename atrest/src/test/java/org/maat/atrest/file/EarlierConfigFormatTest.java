package org.maat.atrest.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.cipher.Ciphers;
import org.maat.keys.KeySources;

/**
 * A {@code maat-atrest-2} configuration (authenticated, but listing no plaintext file), written as that format
 * wrote it: with {@code plaintextFiles} none it opens and reads as before; with {@code plaintextFiles} allowed it
 * opens, but a file without the header is refused with the command that lists the plaintext files
 * ({@code maat atrest reseal}), after which those files read, and a file replaced since by other plaintext is
 * not admitted under another name. Its MAC still covers every field: edited, it is refused.
 */
class EarlierConfigFormatTest {

    @TempDir
    Path tmp;

    @Test
    void aFormat2ConfigurationOpensAndOneAllowingPlaintextAdmitsNoneUntilResealed() throws Exception {
        String spec = "file:" + tmp.resolve("data.atrest.key");
        Path root = Files.createDirectories(tmp.resolve("data"));
        AtRestVolume.create(root, Ciphers.CHACHA20, spec);
        Path sealed = root.resolve("sealed.dat");
        try (FileChannel ch = AtRestVolume.open(root, KeySources.open(spec)).open(sealed, StandardOpenOption.CREATE,
                StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap("sealed".getBytes(StandardCharsets.UTF_8)));
        }
        Path plain = root.resolve("segment-00000.dat");
        Files.writeString(plain, "a record from before");
        VolumeKey key = VolumeKey.from(KeySources.open(spec));
        Path config = root.resolve(AtRestVolume.CONFIG_FILE);

        writeFormat2(config, key, false);
        AtRestVolume none = AtRestVolume.open(root, KeySources.open(spec));
        assertThat(none.plaintextAllowed()).isFalse();
        assertThat(read(none, sealed)).isEqualTo("sealed");
        assertThatThrownBy(() -> read(none, plain)).hasMessageContaining("header damaged or replaced");

        writeFormat2(config, key, true);
        AtRestVolume allowed = AtRestVolume.open(root, KeySources.open(spec));
        assertThat(allowed.plaintextAllowed()).isTrue();
        assertThat(read(allowed, sealed)).isEqualTo("sealed");
        assertThatThrownBy(() -> read(allowed, plain)).hasMessageContaining(plain.toString())
                .hasMessageContaining("maat atrest reseal --data " + root);
        Files.writeString(config, Files.readString(config).replace("\"forward\"", "\"selective\""));
        assertThatThrownBy(() -> AtRestVolume.open(root, KeySources.open(spec)))
                .hasMessageContaining("fails authentication");

        writeFormat2(config, key, true);
        AtRestVolume resealed = AtRestVolume.upgrade(root, null);
        assertThat(Files.readString(config)).contains("maat-atrest-3").contains("\"segment-00000.dat\"")
                .doesNotContain("sealed.dat");
        assertThat(read(resealed, plain)).isEqualTo("a record from before");
        assertThat(read(AtRestVolume.open(root, KeySources.open(spec)), sealed)).isEqualTo("sealed");
        Path other = root.resolve("_0.cfs");
        Files.writeString(other, "plaintext under a name the volume never held in plaintext");
        assertThatThrownBy(() -> read(AtRestVolume.open(root, KeySources.open(spec)), other))
                .hasMessageContaining(other.toString()).hasMessageContaining("not one of the plaintext files");
    }

    /** The configuration as {@code maat-atrest-2} wrote it: its fields and its MAC over them, no names. */
    private static void writeFormat2(Path config, VolumeKey key, boolean plaintextAllowed) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeUTF("maat-atrest-2");
            out.writeUTF("forward");
            out.writeInt(1);
            out.writeUTF("chacha20");
            out.writeUTF("chacha20");
            out.writeUTF("chacha20");
            out.writeInt(AtRestVolume.DEFAULT_BLOCK_SIZE);
            out.writeBoolean(true);
            out.writeUTF("file:../data.atrest.key");
            out.writeBoolean(plaintextAllowed);
        }
        Files.writeString(config, "{\n  \"format\" : \"maat-atrest-2\",\n  \"model\" : \"forward\",\n"
                + "  \"regions\" : [ \"chacha20\" ],\n  \"writeCipher\" : \"chacha20\",\n"
                + "  \"readPreference\" : \"chacha20\",\n  \"blockSize\" : " + AtRestVolume.DEFAULT_BLOCK_SIZE + ",\n"
                + "  \"keySpec\" : \"file:../data.atrest.key\",\n  \"plaintextFiles\" : \""
                + (plaintextAllowed ? "allowed" : "none") + "\",\n  \"mac\" : \""
                + HexFormat.of().formatHex(key.configurationMac(bytes.toByteArray())) + "\"\n}\n");
    }

    private static String read(AtRestVolume v, Path file) throws IOException {
        try (FileChannel ch = v.open(file, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate((int) ch.size());
            while (b.hasRemaining() && ch.read(b, b.position()) > 0) {
                // until full
            }
            return new String(b.array(), StandardCharsets.UTF_8);
        }
    }
}
