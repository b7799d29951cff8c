package org.maat.atrest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.cipher.Ciphers;
import org.maat.keys.KeySources;

/**
 * A switch made through another instance of the volume (as another process would, with its own view of the
 * configuration) reaches a channel already open here within the configuration's check interval.
 */
class SwitchPropagationTest {

    @TempDir
    Path tmp;

    @Test
    void aSwitchElsewhereReachesAnOpenChannel() throws Exception {
        AtRestVolume here = TestVolumes.create(tmp, Ciphers.CHACHA8, 256);
        AtRestVolume elsewhere = AtRestVolume.open(here.root(),
                KeySources.open("file:" + tmp.resolve("data.atrest.key")));
        Path f = here.root().resolve("log");
        try (EncryptedChannel ch = here.open(f, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(new byte[256]));
            ch.force(false); // a block is sealed when the channel leaves it, is forced or closed
            elsewhere.switchTo(Ciphers.CHACHA20, SwitchModel.FORWARD);
            Thread.sleep(120);
            ch.write(ByteBuffer.wrap(new byte[256]));
            assertThat(ch.blockCiphers()).containsExactly(Ciphers.CHACHA8, Ciphers.CHACHA20);
        }
        assertThat(here.writeCipher()).isEqualTo(Ciphers.CHACHA20);
        try (var s = Files.list(here.root())) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("atrest.json", "log");
        }
    }
}
