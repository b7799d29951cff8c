package org.maat.atrest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;

/**
 * Random operations on an encrypted channel and on a plain {@link FileChannel} side by side: every read, size
 * and position agrees, and the whole file agrees after every reopen, for every cipher and model, with small
 * blocks so that nearly every operation crosses a block boundary.
 */
class EncryptedChannelEquivalenceTest {

    @TempDir
    Path tmp;

    static Stream<Arguments> ciphersAndModels() {
        return Ciphers.all().stream().flatMap(c -> Stream.of(SwitchModel.values()).map(m -> Arguments.of(c, m)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("ciphersAndModels")
    void randomOperationsGiveTheBytesOfAPlainFile(AtRestCipher cipher, SwitchModel model) throws Exception {
        AtRestVolume v = TestVolumes.create(tmp, cipher, 64);
        if (model != SwitchModel.FORWARD) {
            AtRestCipher other = Ciphers.all().get((Ciphers.all().indexOf(cipher) + 1) % Ciphers.all().size());
            v.switchTo(other, model);
            v.switchTo(cipher, model);
        }
        Path enc = v.root().resolve("f.bin");
        Path plain = tmp.resolve("plain.bin");
        Random r = new Random(cipher.id() * 31L + model.ordinal());
        FileChannel e = v.open(enc, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        FileChannel p = FileChannel.open(plain, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        for (int op = 0; op < 600; op++) {
            int kind = r.nextInt(100);
            if (kind < 30) {
                byte[] data = TestVolumes.bytes(r.nextLong(), r.nextInt(300));
                long at = r.nextInt((int) p.size() + 200);
                assertThat(e.write(ByteBuffer.wrap(data), at)).isEqualTo(p.write(ByteBuffer.wrap(data), at));
            } else if (kind < 45) {
                byte[] data = TestVolumes.bytes(r.nextLong(), r.nextInt(200));
                assertThat(e.write(ByteBuffer.wrap(data))).isEqualTo(p.write(ByteBuffer.wrap(data)));
            } else if (kind < 65) {
                int len = r.nextInt(400);
                long at = r.nextInt((int) p.size() + 50);
                ByteBuffer a = ByteBuffer.allocate(len);
                ByteBuffer b = ByteBuffer.allocate(len);
                assertThat(e.read(a, at)).isEqualTo(p.read(b, at));
                assertThat(a.array()).isEqualTo(b.array());
            } else if (kind < 72) {
                ByteBuffer a = ByteBuffer.allocate(r.nextInt(150));
                ByteBuffer b = ByteBuffer.allocate(a.capacity());
                assertThat(e.read(a)).isEqualTo(p.read(b));
                assertThat(a.array()).isEqualTo(b.array());
            } else if (kind < 78) {
                long to = r.nextInt((int) p.size() + 100);
                e.position(to);
                p.position(to);
            } else if (kind < 82) {
                long to = r.nextInt(8) == 0 ? 0 : r.nextInt((int) p.size() + 1);
                e.truncate(to);
                p.truncate(to);
            } else if (kind < 86) {
                e.force(true);
            } else if (kind < 92) {
                e.close();
                p.close();
                try (FileChannel a = v.open(enc, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
                        FileChannel b = FileChannel.open(plain, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
                    byte[] data = TestVolumes.bytes(r.nextLong(), r.nextInt(150));
                    a.write(ByteBuffer.wrap(data));
                    b.write(ByteBuffer.wrap(data));
                    assertThat(a.size()).isEqualTo(b.size());
                }
                assertThat(TestVolumes.readAll(v, enc)).isEqualTo(Files.readAllBytes(plain));
                e = v.open(enc, StandardOpenOption.READ, StandardOpenOption.WRITE);
                p = FileChannel.open(plain, StandardOpenOption.READ, StandardOpenOption.WRITE);
            }
            assertThat(e.size()).as("size after op %d", op).isEqualTo(p.size());
            assertThat(e.position()).isEqualTo(p.position());
        }
        e.close();
        p.close();
        assertThat(TestVolumes.readAll(v, enc)).isEqualTo(Files.readAllBytes(plain));
    }
}
