package org.maat.atrest.lucene;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.store.IndexOutput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.Ciphers;

/**
 * An encrypted index file is read by every searching thread through one channel: a search on a thread left
 * interrupted (by whatever ran on it before) must read its bytes, keep its flag, and leave the file readable for
 * every other search. Random positions from a fixed seed, no block cache (every read reaches the channel).
 */
class AtRestDirectoryInterruptTest {

    @TempDir
    Path temp;

    @Test
    void aSearchOnAnInterruptedThreadClosesNoIndexFileForTheOthers() throws Exception {
        byte[] content = new byte[200_000];
        new Random(28).nextBytes(content);
        Path root = temp.resolve("data");
        AtRestVolume volume = Volumes.create(root, SwitchModel.FORWARD, Ciphers.CHACHA20, Ciphers.CHACHA8);
        try (AtRestDirectory dir = Volumes.directory(volume, root.resolve("index"), 0)) {
            try (IndexOutput out = dir.createOutput("_0.cfs", IOContext.DEFAULT)) {
                out.writeBytes(content, content.length);
            }
            try (IndexInput in = dir.openInput("_0.cfs", IOContext.DEFAULT)) {
                Random random = new Random(29);
                for (int i = 0; i < 10; i++) {
                    IndexInput mine = in.clone();
                    int at = random.nextInt(content.length - 5000);
                    byte[] got = new byte[5000];
                    boolean flagAfter;
                    Thread.currentThread().interrupt();
                    try {
                        mine.seek(at);
                        mine.readBytes(got, 0, got.length);
                    } finally {
                        flagAfter = Thread.interrupted();
                    }
                    assertThat(got).isEqualTo(Arrays.copyOfRange(content, at, at + got.length));
                    assertThat(flagAfter).as("the search thread's flag is kept").isTrue();

                    IndexInput theirs = in.clone();
                    int other = random.nextInt(content.length - 5000);
                    AtomicReference<Object> seen = new AtomicReference<>();
                    Thread search = new Thread(() -> {
                        try {
                            byte[] b = new byte[5000];
                            theirs.seek(other);
                            theirs.readBytes(b, 0, b.length);
                            seen.set(b);
                        } catch (Exception e) {
                            seen.set(e.toString());
                        }
                    });
                    search.start();
                    search.join();
                    assertThat(seen.get()).as("another search's read afterwards")
                            .isEqualTo(Arrays.copyOfRange(content, other, other + 5000));
                }
            }
        }
    }
}
