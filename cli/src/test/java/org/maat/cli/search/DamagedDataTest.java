package org.maat.cli.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.runtime.TestData;

/**
 * {@code maat search} over a data directory damaged after generation: it names the damaged file,
 * prints no document and writes nothing. The index is built before the damage, as a user's would be.
 */
class DamagedDataTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int search(DataDir data, Path index, String user, String query) {
        return CommandHarness.run(new SearchCommand(), out, err, "--data", data.root().toString(), "--index",
                index.toString(), "--as", user, "--k", "50", query);
    }

    @Test
    void swappedOffsetEntriesStopSearchBeforeAnyDocumentIsPrinted() throws IOException {
        DataDir data = TestData.generate(dir, 40, 61);
        Path index = TestData.index(data, dir.resolve("index"), 1).root();
        assertThat(search(data, index, "u17", "budget")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("Debate on");
        out.getBuffer().setLength(0);

        Path offsets = data.documents().resolve("offsets.bin");
        try (RandomAccessFile f = new RandomAccessFile(offsets.toFile(), "rw")) {
            f.seek(8);
            long first = f.readLong();
            f.seek(16);
            long second = f.readLong();
            f.seek(8);
            f.writeLong(second);
            f.writeLong(first);
        }
        assertThat(search(data, index, "u17", "budget")).isEqualTo(2);
        assertThat(err.toString()).startsWith("damaged store: " + offsets + " at byte 16: entry 2 (d2)");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void aPolicyStoreCutToHalfIsReportedAndLeftAsItIs() throws IOException {
        DataDir data = TestData.generate(dir, 40, 62);
        Path index = TestData.index(data, dir.resolve("index"), 1).root();
        Path policies = data.policyStore();
        try (FileChannel c = FileChannel.open(policies, StandardOpenOption.WRITE)) {
            c.truncate(c.size() / 2);
        }
        String before = sha256(policies);
        assertThat(search(data, index, "u17", "budget")).isEqualTo(2);
        // MVStore opens the newest chunk it can still read (here the empty store's first commit):
        // the commit count generation recorded in manifest.json tells it from the complete store.
        assertThat(err.toString()).startsWith("damaged store: " + policies + ": it opens at commit 0 but generation "
                + "committed ").doesNotContain("refused");
        assertThat(out.toString()).isEmpty();
        assertThat(sha256(policies)).isEqualTo(before);
    }

    @Test
    void aPolicyStoreAtAnEarlierCommitThanGenerationsIsRefused() throws IOException {
        DataDir data = TestData.generate(dir, 20, 63);
        Path index = TestData.index(data, dir.resolve("index"), 1).root();
        long generated = data.readManifest().policyStoreCommits();
        assertThat(generated).isPositive();
        // As if the store had lost its last batch: the manifest names one commit more than it holds.
        Path manifest = data.root().resolve("manifest.json");
        String json = Files.readString(manifest);
        assertThat(json).contains("\"policyStoreCommits\" : " + generated);
        Files.writeString(manifest, json.replace("\"policyStoreCommits\" : " + generated,
                "\"policyStoreCommits\" : " + (generated + 1)));
        assertThat(search(data, index, "u17", "budget")).isEqualTo(2);
        assertThat(err.toString()).startsWith("damaged store: " + data.policyStore() + ": it opens at commit "
                + generated + " but generation committed " + (generated + 1) + " (manifest.json)");
        assertThat(out.toString()).isEmpty();
    }

    private static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
