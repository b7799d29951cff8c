package org.maat.atrest.lucene;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.store.IndexOutput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.Ciphers;

/**
 * {@code IndexWriter.addIndexes} copies files with {@link Directory#copyFrom}: the copy must be sealed like any
 * file written through the encrypted directory, whatever {@code FilterDirectory} does (newer Lucene delegates
 * {@code copyFrom} to the wrapped directory, which would write the file in the clear). AtRestDirectory
 * declares its own, and its copy holds none of the source's text.
 */
class AtRestDirectoryCopyFromTest {

    @TempDir
    Path temp;

    @Test
    void copyFromIsDeclaredHereAndSealsTheCopy() throws Exception {
        assertThat(AtRestDirectory.class.getDeclaredMethod("copyFrom", Directory.class, String.class, String.class,
                IOContext.class).getDeclaringClass()).isEqualTo(AtRestDirectory.class);

        byte[] text = "a confidential sentence that must never reach the disk in the clear ".repeat(200)
                .getBytes(StandardCharsets.US_ASCII);
        Path root = temp.resolve("data");
        AtRestVolume volume = Volumes.create(root, SwitchModel.FORWARD, Ciphers.CHACHA20, Ciphers.CHACHA8);
        try (Directory source = new ByteBuffersDirectory();
                AtRestDirectory dir = Volumes.directory(volume, root.resolve("index"))) {
            try (IndexOutput out = source.createOutput("_0.cfs", IOContext.DEFAULT)) {
                out.writeBytes(text, text.length);
            }
            dir.copyFrom(source, "_0.cfs", "_9.cfs", IOContext.DEFAULT);

            byte[] raw = Files.readAllBytes(root.resolve("index").resolve("_9.cfs"));
            assertThat(AtRestVolume.isEncrypted(root.resolve("index").resolve("_9.cfs"))).isTrue();
            assertThat(new String(raw, StandardCharsets.ISO_8859_1)).doesNotContain("confidential");
            assertThat(dir.fileLength("_9.cfs")).isEqualTo(text.length);
            try (IndexInput in = dir.openInput("_9.cfs", IOContext.DEFAULT)) {
                byte[] back = new byte[text.length];
                in.readBytes(back, 0, back.length);
                assertThat(back).isEqualTo(text);
            }
            // A failed copy leaves nothing behind.
            try {
                dir.copyFrom(source, "absent", "_10.cfs", IOContext.DEFAULT);
            } catch (IOException expected) {
                // the source is absent
            }
            assertThat(dir.listAll()).doesNotContain("_10.cfs");
        }
    }
}
