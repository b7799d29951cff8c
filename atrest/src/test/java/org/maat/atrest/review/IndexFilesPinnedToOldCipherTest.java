package org.maat.atrest.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexOutput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.EncryptedChannel;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;
import org.maat.atrest.lucene.AtRestDirectory;

/**
 * Promise 4 (after converge no block is under the old cipher, except where policy requires stronger). An
 * index file created through AtRestDirectory.createOutput(name, ctx) with NO requirement is pinned to the
 * write cipher of its creation: createOutput calls channel.requireAtLeast(volume.cipherFor(null)), i.e. the
 * current write cipher, and that is recorded in every slot header as the block's requirement. After a switch
 * to a weaker cipher (chacha20 -> chacha8, Forward) converge refuses to seal below it, so the index is never
 * converged; nothing in any policy asked for chacha20.
 * Cause: lucene/AtRestDirectory.java createOutput (floor = volume.cipherFor(atLeast), then
 * channel.requireAtLeast(floor)) — the floor should be atLeast itself.
 */
class IndexFilesPinnedToOldCipherTest {

    @TempDir
    Path tmp;

    @Test
    void convergeMovesAnUnrequiringIndexFileToTheNewCipher() throws IOException {
        Path root = tmp.resolve("data");
        Files.createDirectories(root.resolve("index"));
        AtRestVolume volume = AtRestVolume.create(root, Ciphers.CHACHA20, "file:" + tmp.resolve("data.atrest.key"));
        try (AtRestDirectory dir = new AtRestDirectory(FSDirectory.open(root.resolve("index")), volume)) {
            try (IndexOutput out = dir.createOutput("_0.cfs", IOContext.DEFAULT)) {
                out.writeBytes(ReviewVolumes.bytes(9, 3 * volume.blockSize()), 3 * volume.blockSize());
            }
        }
        volume.switchTo(Ciphers.CHACHA8, SwitchModel.FORWARD);
        volume.converge(b -> { });

        List<AtRestCipher> ciphers;
        try (EncryptedChannel ch = volume.open(root.resolve("index").resolve("_0.cfs"), StandardOpenOption.READ)) {
            ciphers = ch.blockCiphers();
        }
        assertThat(ciphers).as("blocks of an index file no policy constrained, after switch to chacha8 + converge")
                .containsOnly(Ciphers.CHACHA8);
    }
}
