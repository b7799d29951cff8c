package org.maat.atrest.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.cipher.Ciphers;
import org.maat.keys.KeySources;

/**
 * Promise ("Rollback: what the volume knows"): "a truncation raises the floor past the slots it cuts, so nothing on
 * disk goes back by itself", and while the volume is open a block older than one the process read or wrote is
 * refused; "damage is an error naming file and block, never wrong data"; "an encrypted file behaves like a file".
 *
 * <p>Attack: a file of 10 blocks is truncated to 5 through the open volume (its header now records 5 slots and a
 * floor past the cut slots' generations, and the process forgets the cut blocks). Then the directory is restored from
 * a backup taken before the truncation the way {@code rsync --append} restores a file that grew shorter: it keeps
 * the file's bytes and appends the backup's bytes past its length, i.e. the old slots 5..9 after the new header and
 * slots. Nothing checks a slot's generation against the header's floor, and a file longer than its header records is
 * taken as a crash before a cut, so the process that truncated the file (and every later one) reads it as 10 blocks
 * again: the bytes it cut come back as the file's content, no error.
 */
class AppendedOldTailAfterTruncationTest {

    private static final int BLOCK = AtRestVolume.DEFAULT_BLOCK_SIZE;

    @TempDir
    Path tmp;

    @Test
    void theCutTailAppendedBackFromABackupReadsAsTheFilesContent() throws Exception {
        String keySpec = "file:" + tmp.resolve("data.atrest.key");
        Path root = tmp.resolve("data");
        AtRestVolume volume = AtRestVolume.create(root, Ciphers.CHACHA20, keySpec);
        Path file = root.resolve("records.dat");
        byte[] content = new byte[10 * BLOCK];
        for (int i = 0; i < content.length; i++) {
            content[i] = (byte) ('a' + (i / BLOCK));
        }
        try (FileChannel ch = volume.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(content));
            ch.force(true);
        }
        byte[] backup = Files.readAllBytes(file); // the nightly backup

        try (FileChannel ch = volume.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ch.truncate(5L * BLOCK); // the records past block 5 are removed
            ch.force(true);
        }
        assertThat(volume.size(file)).isEqualTo(5L * BLOCK);
        assertThat(readAll(volume, file)).isEqualTo(Arrays.copyOf(content, 5 * BLOCK));

        // rsync --append from the backup: the file's bytes are kept, the backup's bytes past its length appended.
        long now = Files.size(file);
        try (FileChannel raw = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            raw.write(ByteBuffer.wrap(backup, (int) now, backup.length - (int) now));
        }

        String inProcess = outcome(volume, file);
        String restarted = outcome(AtRestVolume.open(root, KeySources.open(keySpec)), file);
        assertThat(inProcess).as("the process that truncated the file, reading it after the old tail was appended")
                .startsWith("refused");
        assertThat(restarted).as("a later process").startsWith("refused");
    }

    private static String outcome(AtRestVolume v, Path file) {
        try {
            byte[] read = readAll(v, file);
            if (read.length == 5 * BLOCK) {
                return "read the 5 blocks left after the truncation";
            }
            return "read " + read.length + " bytes, the cut blocks back (block 9 starts with '" + (char) read[9 * BLOCK]
                    + "'), no error";
        } catch (IOException e) {
            return "refused: " + e.getMessage();
        }
    }

    private static byte[] readAll(AtRestVolume v, Path file) throws IOException {
        try (FileChannel ch = v.open(file, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate((int) ch.size());
            while (b.hasRemaining() && ch.read(b, b.position()) > 0) {
                // until full
            }
            return b.array();
        }
    }
}
