package org.maat.cli.atrest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.cli.Main;
import org.maat.cli.search.CommandHarness;

/**
 * The whole path through the command line: the same corpus and seed generated plaintext and with {@code --at-rest}
 * (and the population's at-rest requirements), indexed, searched, the encrypted data and index switched live to
 * another cipher, searched again: every search answers exactly what the plaintext run answers, and no file of the
 * encrypted conduit store or index holds the corpus's text.
 */
class AtRestSearchIT {

    private static final List<String> WORDS = List.of("parliament", "budget", "fishing", "council", "quota", "treaty",
            "vote", "amendment", "commission", "energy");

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private String maat(String... args) {
        out.getBuffer().setLength(0);
        int code = CommandHarness.run(new Main(), out, err, args);
        assertThat(code).as(String.join(" ", args) + "\n" + err).isZero();
        return out.toString();
    }

    private Path corpus() throws IOException {
        Random random = new Random(5);
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 80; i++) {
            List<String> words = new ArrayList<>();
            for (int w = 0; w < 14; w++) {
                words.add(WORDS.get(random.nextInt(WORDS.size())));
            }
            lines.append("{\"id\": \"src-").append(i).append("\", \"title\": \"Sitting about ").append(words.get(0))
                    .append(' ').append(i).append("\", \"body\": \"").append(String.join(" ", words))
                    .append(" marker").append(i).append(".\"}\n");
        }
        return Files.writeString(dir.resolve("corpus.jsonl"), lines);
    }

    private List<String> searches(Path data, Path index) {
        List<String> answers = new ArrayList<>();
        for (String user : List.of("u1", "e0")) {
            for (String query : List.of("budget", "fishing quota -vote")) {
                answers.add(maat("search", "--data", data.toString(), "--index", index.toString(), "--as", user,
                        "--region", "r0", "--k", "20", query));
            }
        }
        return answers;
    }

    @Test
    void encryptedDataAndIndexAnswerAsPlaintextBeforeAndAfterALiveSwitch() throws IOException {
        Path corpus = corpus();
        String[] population = {"--corpus", "jsonl:" + corpus, "--users", "20", "--friends", "3", "--accounts", "2",
            "--blacklist", "4", "--regions", "2", "--mal-accesses", "5", "--seed", "9", "--quiet"};
        Path plain = dir.resolve("plain");
        Path secret = dir.resolve("secret");
        maat(concat(new String[] {"generate", "--out", plain.toString()}, population));
        maat(concat(new String[] {"generate", "--out", secret.toString(), "--at-rest", "chacha8",
            "--at-rest-require", "private=chacha20,mal=chacha20,public=chacha8"}, population));
        assertThat(out.toString()).contains("the conduit store (documents/) is encrypted at rest");

        Path plainIndex = dir.resolve("plain-index");
        Path secretIndex = dir.resolve("secret-index");
        maat("index", "--data", plain.toString(), "--out", plainIndex.toString(), "--quiet");
        String indexed = maat("index", "--data", secret.toString(), "--out", secretIndex.toString(), "--quiet");
        assertThat(indexed).contains("the index is encrypted at rest with chacha8");

        List<String> expected = searches(plain, plainIndex);
        assertThat(String.join("", expected)).contains("marker"); // the searches find something to compare
        assertThat(searches(secret, secretIndex)).isEqualTo(expected);
        assertThat(maat("search", "--data", secret.toString(), "--index", secretIndex.toString(), "--as", "u1",
                "--region", "r0", "--k", "20", "--at-rest", "chacha8", "budget")).isEqualTo(expected.get(0));

        String switched = maat("atrest", "switch", "--data", secret.toString(), "--to", "chacha20", "--model", "forward",
                "--converge", "--quiet");
        assertThat(switched).contains("switched from chacha8 (forward) to chacha20 (forward)");
        maat("atrest", "switch", "--data", secretIndex.toString(), "--to", "chacha12", "--model", "mirrored");
        String status = maat("atrest", "status", "--data", secretIndex.toString());
        assertThat(status).contains("model mirrored, new writes under chacha12");
        assertThat(maat("atrest", "status", "--data", secret.toString())).contains("chacha20")
                .doesNotContain(" chacha8 ");
        assertThat(searches(secret, secretIndex)).isEqualTo(expected);

        for (Path root : List.of(secret.resolve("documents"), secretIndex)) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)
                        .filter(p -> !p.getFileName().toString().equals("labels.db"))::iterator) {
                    String raw = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
                    assertThat(raw).as(f.toString()).doesNotContain("marker1").doesNotContain("Sitting about");
                }
            }
        }
    }

    private static String[] concat(String[] a, String[] b) {
        String[] all = new String[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
