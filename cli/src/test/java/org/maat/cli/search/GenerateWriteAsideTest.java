package org.maat.cli.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code maat generate} writes beside its target and renames into place: a run that fails on a setting
 * only the corpus can refute ({@code --blacklist} above its document count), after writing documents,
 * leaves no directory behind, so the same command with a corrected flag then succeeds.
 */
class GenerateWriteAsideTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int generate(Path target, String blacklist) throws IOException {
        Path corpus = dir.resolve("corpus.jsonl");
        if (!Files.exists(corpus)) {
            StringBuilder lines = new StringBuilder();
            for (int i = 0; i < 6; i++) {
                lines.append("{\"id\": \"s").append(i).append("\", \"title\": \"Title ").append(i)
                        .append("\", \"body\": \"budget fishing ").append(i).append(".\"}\n");
            }
            Files.writeString(corpus, lines);
        }
        return CommandHarness.run(new GenerateCommand(), out, err, "--out", target.toString(), "--corpus",
                "jsonl:" + corpus, "--users", "8", "--friends", "2", "--employees", "0", "--mal-accesses", "0",
                "--accounts", "0", "--regions", "2", "--blacklist", blacklist, "--quiet");
    }

    private List<String> entries(Path parent) throws IOException {
        try (Stream<Path> s = Files.list(parent)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aBlacklistLargerThanTheCorpusLeavesNoDirectoryAndTheCorrectedRunSucceeds() throws IOException {
        Path target = dir.resolve("data");
        assertThat(generate(target, "50")).isEqualTo(2);
        assertThat(err.toString()).contains("--blacklist").contains("exceeds the corpus's 6 documents");
        assertThat(target).doesNotExist();
        assertThat(entries(dir)).containsExactly("corpus.jsonl");

        assertThat(generate(target, "3")).as(err.toString()).isZero();
        assertThat(target.resolve("manifest.json")).exists();
        assertThat(target.resolve("policy.db")).exists();
        assertThat(entries(dir)).containsExactly("corpus.jsonl", "data");
    }

    @Test
    void anEmptyTargetStaysEmptyAfterAFailedRun() throws IOException {
        Path target = Files.createDirectory(dir.resolve("empty"));
        assertThat(generate(target, "50")).isEqualTo(2);
        assertThat(entries(target)).isEmpty();
        assertThat(entries(dir)).containsExactly("corpus.jsonl", "empty");
        assertThat(generate(target, "2")).as(err.toString()).isZero();
        assertThat(target.resolve("manifest.json")).exists();
    }

    @Test
    void aTargetHoldingOtherFilesIsRefusedBeforeAnythingIsWritten() throws IOException {
        Path target = Files.createDirectory(dir.resolve("busy"));
        Files.writeString(target.resolve("notes.txt"), "mine");
        assertThat(generate(target, "2")).isEqualTo(2);
        assertThat(err.toString()).contains("holds other files");
        assertThat(entries(target)).containsExactly("notes.txt");
        assertThat(entries(dir)).containsExactly("busy", "corpus.jsonl");
    }
}
