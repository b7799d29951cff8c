package org.maat.atrest.lucene;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.Ciphers;

/**
 * Whoever reads the disk of an encrypted index learns none of its text: the raw bytes of every physical file
 * (read with java.nio, past the directory) hold none of the corpus's words, under each model, while the same
 * scan of the same documents indexed in plaintext finds them (so the scan would see text that leaked).
 */
class AtRestIndexScanTest {

    private static final Corpus CORPUS = new Corpus(61, 200, 300);
    private static List<String> expected;

    @TempDir
    Path temp;

    @BeforeAll
    static void reference(@TempDir Path plain) throws IOException {
        try (Directory dir = FSDirectory.open(plain)) {
            CORPUS.indexInto(dir);
            expected = CORPUS.results(dir);
        }
    }

    /** The scan finds the words of a plaintext index: nearly all of them (compression may split a few). */
    @Test
    void thePlaintextIndexShowsItsWords(@TempDir Path plain) throws IOException {
        try (Directory dir = FSDirectory.open(plain)) {
            CORPUS.indexInto(dir);
        }
        assertThat(wordsFoundUnder(plain)).hasSizeGreaterThan(CORPUS.words().size() * 9 / 10);
    }

    @ParameterizedTest
    @EnumSource(SwitchModel.class)
    void noFileOfAnEncryptedIndexHoldsAWordOfItsText(SwitchModel model) throws IOException {
        Path root = temp.resolve("data");
        AtRestVolume volume = Volumes.create(root, model, Ciphers.CHACHA20, Ciphers.CHACHA8);
        try (AtRestDirectory dir = Volumes.directory(volume, root.resolve("index"))) {
            CORPUS.indexInto(dir);
            assertThat(CORPUS.results(dir)).isEqualTo(expected);
        }
        assertThat(wordsFoundUnder(root)).isEmpty();
    }

    /** The corpus words whose UTF-8 bytes occur in some regular file under {@code root}. */
    private static List<String> wordsFoundUnder(Path root) throws IOException {
        List<byte[]> files = new ArrayList<>();
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : (Iterable<Path>) paths.filter(Files::isRegularFile)::iterator) {
                files.add(Files.readAllBytes(path));
            }
        }
        List<String> found = new ArrayList<>();
        for (String word : CORPUS.words()) {
            byte[] needle = Corpus.bytes(word);
            if (files.stream().anyMatch(bytes -> indexOf(bytes, needle) >= 0)) {
                found.add(word);
            }
        }
        return found;
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
