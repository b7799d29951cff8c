package org.maat.cli.atrest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.cli.Main;
import org.maat.cli.search.CommandHarness;
import org.maat.core.data.DataDir;
import org.maat.core.data.DirectoryTree;
import org.maat.core.runtime.TestData;

class AtRestCommandsTest {

    @TempDir
    static Path dir;

    /** A plaintext data directory; each test that encrypts works on its own copy. */
    private static DataDir plain;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeAll
    static void generate() throws IOException {
        plain = TestData.generate(dir.resolve("plain"), 60, 16);
    }

    private int maat(String... args) {
        return CommandHarness.run(new Main(), out, err, args);
    }

    private Path copyOfPlain(String name) throws IOException {
        Path copy = dir.resolve(name);
        DirectoryTree.copy(plain.root(), copy);
        return copy;
    }

    /** The conduit store's files but its lock (empty: nothing to protect). */
    private static List<Path> storeFiles(Path data) throws IOException {
        try (Stream<Path> s = Files.walk(data.resolve("documents"))) {
            return s.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().endsWith(".lock")).toList();
        }
    }

    @Test
    void initEncryptsTheConduitStoreAndNothingElseThenStatusCountsItsBytes() throws IOException {
        Path data = copyOfPlain("init");
        long storeBytes = 0;
        for (Path f : storeFiles(data)) {
            storeBytes += Files.size(f);
        }
        assertThat(maat("atrest", "init", "--data", data.toString(), "--cipher", "chacha12", "--quiet"))
                .as(err.toString()).isZero();
        assertThat(out.toString()).contains("encrypted volume made (chacha12, forward, key file:");
        assertThat(Files.exists(dir.resolve("init.atrest.key"))).as("key beside DIR, not in it").isTrue();
        for (Path f : storeFiles(data)) {
            assertThat(AtRestVolume.isEncrypted(f)).as(f.toString()).isTrue();
        }
        assertThat(AtRestVolume.isEncrypted(data.resolve("policy.db"))).isFalse();

        out.getBuffer().setLength(0);
        assertThat(maat("atrest", "status", "--data", data.toString(), "--json")).as(err.toString()).isZero();
        JsonNode status = new ObjectMapper().readTree(out.toString());
        assertThat(status.get("model").asText()).isEqualTo("forward");
        assertThat(status.get("writeCipher").asText()).isEqualTo("chacha12");
        assertThat(status.at("/totals/bytesByCipher/chacha12").asLong()).isEqualTo(storeBytes);
        assertThat(status.at("/totals/bytesByCipher/chacha8").isMissingNode()).isTrue();

        assertThat(maat("atrest", "init", "--data", data.toString(), "--cipher", "chacha8")).isEqualTo(2);
        assertThat(err.toString()).contains("is already encrypted at rest");
    }

    @Test
    void switchWithConvergeReencryptsEveryBlockUnderTheNewCipher() throws IOException {
        Path data = copyOfPlain("switch");
        assertThat(maat("atrest", "init", "--data", data.toString(), "--cipher", "chacha8", "--quiet")).isZero();
        assertThat(maat("atrest", "switch", "--data", data.toString(), "--to", "chacha20", "--model", "forward"))
                .as(err.toString()).isZero();
        assertThat(out.toString()).contains("switched from chacha8 (forward) to chacha20 (forward)")
                .contains("maat atrest converge --data");
        out.getBuffer().setLength(0);
        assertThat(maat("atrest", "status", "--data", data.toString())).isZero();
        assertThat(out.toString()).contains("new writes under chacha20").contains("chacha8");

        assertThat(maat("atrest", "converge", "--data", data.toString(), "--quiet")).as(err.toString()).isZero();
        out.getBuffer().setLength(0);
        assertThat(maat("atrest", "status", "--data", data.toString(), "--json")).isZero();
        JsonNode status = new ObjectMapper().readTree(out.toString());
        List<String> ciphers = new ArrayList<>();
        for (JsonNode file : status.get("files")) {
            if (file.get("file").asText().startsWith("documents") && !file.get("file").asText().endsWith(".lock")) {
                file.get("regions").forEach(region -> region.fieldNames().forEachRemaining(ciphers::add));
            }
        }
        assertThat(ciphers).isNotEmpty().containsOnly("chacha20");

        out.getBuffer().setLength(0);
        assertThat(maat("atrest", "switch", "--data", data.toString(), "--to", "chacha8", "--model", "mirrored",
                "--converge", "--quiet")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("to chacha8 (mirrored)").contains("converged to chacha8 (mirrored)");
    }

    @Test
    void badCipherModelOrDirectoryIsAUsageErrorThatSaysWhat() throws IOException {
        Path data = copyOfPlain("bad");
        assertThat(maat("atrest", "init", "--data", data.toString(), "--cipher", "rot13")).isEqualTo(2);
        assertThat(err.toString()).contains("--cipher: unknown cipher 'rot13': expected one of chacha8");
        assertThat(maat("atrest", "init", "--data", data.toString(), "--cipher", "chacha8", "--model", "sideways"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--model: unknown switching model 'sideways'");
        assertThat(Files.exists(data.resolve(AtRestVolume.CONFIG_FILE))).as("nothing made on a usage error").isFalse();
        assertThat(maat("atrest", "status", "--data", dir.resolve("nowhere").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--data " + dir.resolve("nowhere") + ": no such directory");
        assertThat(maat("atrest", "status", "--data", data.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("is not encrypted at rest").contains("maat atrest init --data");
        assertThat(maat("atrest", "converge", "--data", data.toString())).isEqualTo(2);
        assertThat(maat("atrest", "init", "--data", data.toString(), "--cipher", "chacha8", "--quiet")).isZero();
        assertThat(maat("atrest", "switch", "--data", data.toString(), "--to", "aes")).isEqualTo(2);
        assertThat(err.toString()).contains("--to: unknown cipher 'aes'");
        assertThat(maat("atrest", "switch", "--data", data.toString(), "--to", "chacha20", "--model", "backward"))
                .isEqualTo(2);
        assertThat(maat("atrest", "switch", "--data", data.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("Missing required option: '--to=CIPHER'");
        assertThat(maat("atrest")).isEqualTo(2);
        assertThat(err.toString()).contains("Missing command: init, status, switch, converge");
        assertThat(maat("atrest", "status", "--data", data.toString(), "--at-rest-key", "file:"
                + dir.resolve("other.key"))).isEqualTo(2);
    }

    @Test
    void readersRefusePlaintextDataWhenAtRestIsAsserted() throws IOException {
        Path index = TestData.index(plain, dir.resolve("plain-index"), 1).root();
        assertThat(maat("search", "--data", plain.root().toString(), "--index", index.toString(), "--as", "u3",
                "--at-rest", "chacha8", "budget")).isEqualTo(2);
        assertThat(err.toString()).contains("--at-rest chacha8: --data " + plain.root() + " is not encrypted at rest: "
                + "'maat atrest init --data " + plain.root() + " --cipher chacha8' encrypts it");
        assertThat(maat("search", "--data", plain.root().toString(), "--index", index.toString(), "--as", "u3",
                "--at-rest", "des", "budget")).isEqualTo(2);
        assertThat(err.toString()).contains("--at-rest: unknown cipher 'des'");
        assertThat(maat("search", "--data", plain.root().toString(), "--index", index.toString(), "--as", "u3",
                "--at-rest-model", "forward", "budget")).isEqualTo(2);
        assertThat(err.toString()).contains("--at-rest-model goes with --at-rest CIPHER");
        assertThat(maat("index", "--data", plain.root().toString(), "--out", dir.resolve("never").toString(),
                "--at-rest", "chacha20", "--quiet")).isEqualTo(2);
        assertThat(err.toString()).contains("is not encrypted at rest, so an encrypted index would protect nothing");
        assertThat(Files.exists(dir.resolve("never"))).isFalse();
        assertThat(maat("serve", "--data", plain.root().toString(), "--index", index.toString(), "--port", "0",
                "--at-rest", "chacha8")).isEqualTo(2);
        assertThat(err.toString()).contains("--at-rest chacha8: --data");
    }

    @Test
    void searchRefusesDataWeakerThanAsserted() throws IOException {
        Path data = copyOfPlain("weak");
        assertThat(maat("atrest", "init", "--data", data.toString(), "--cipher", "chacha8", "--quiet")).isZero();
        Path index = dir.resolve("weak-index");
        assertThat(maat("index", "--data", data.toString(), "--out", index.toString(), "--quiet")).as(err.toString())
                .isZero();
        assertThat(out.toString()).contains("the index is encrypted at rest with chacha8 (forward, key file:")
                .contains("as the data in");
        assertThat(maat("search", "--data", data.toString(), "--index", index.toString(), "--as", "u3",
                "--at-rest", "chacha20", "budget")).isEqualTo(2);
        assertThat(err.toString()).contains("is encrypted with chacha8, which is weaker");
        assertThat(maat("search", "--data", data.toString(), "--index", index.toString(), "--as", "u3",
                "--at-rest", "chacha8", "budget")).as(err.toString()).isZero();
    }

    @Test
    void generateRefusesABadAtRestRequirementBeforeWritingAnything() {
        Path out = dir.resolve("gen-bad");
        assertThat(maat("generate", "--out", out.toString(), "--at-rest", "chacha9", "--quiet")).isEqualTo(2);
        assertThat(err.toString()).contains("--at-rest: unknown cipher 'chacha9'");
        assertThat(maat("generate", "--out", out.toString(), "--at-rest", "chacha8", "--at-rest-model", "diagonal",
                "--quiet")).isEqualTo(2);
        assertThat(maat("generate", "--out", out.toString(), "--at-rest-require", "secret=chacha20", "--quiet"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--at-rest-require");
        assertThat(Files.exists(out)).isFalse();
        assertThat(new String(err.toString().getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8))
                .doesNotContain("Exception");
    }

    @Test
    void aConfigurationOfTheEarlierFormatIsRefusedUntilResealed() throws IOException {
        Path data = copyOfPlain("reseal");
        assertThat(maat("atrest", "init", "--data", data.toString(), "--cipher", "chacha20", "--quiet"))
                .as(err.toString()).isZero();
        Path config = data.resolve(AtRestVolume.CONFIG_FILE);
        // As the earlier version wrote it: no MAC, and no plaintextFiles field.
        Files.writeString(config, "{\"format\": \"maat-atrest-1\", \"model\": \"forward\", \"regions\": "
                + "[\"chacha20\"], \"writeCipher\": \"chacha20\", \"readPreference\": \"chacha20\", \"blockSize\": "
                + "4096, \"keySpec\": \"file:../reseal.atrest.key\"}");
        err.getBuffer().setLength(0);
        assertThat(maat("atrest", "status", "--data", data.toString())).isNotZero();
        assertThat(err.toString()).contains("maat-atrest-1").contains("maat atrest reseal --data " + data);

        out.getBuffer().setLength(0);
        assertThat(maat("atrest", "reseal", "--data", data.toString())).as(err.toString()).isZero();
        assertThat(out.toString()).contains("authenticated under the volume key").contains("plaintext files allowed");
        assertThat(maat("atrest", "converge", "--data", data.toString(), "--quiet")).as(err.toString()).isZero();
        assertThat(Files.readString(config)).contains("\"plaintextFiles\" : \"none\"").contains("\"mac\"");
        assertThat(maat("atrest", "status", "--data", data.toString())).as(err.toString()).isZero();
    }
}
