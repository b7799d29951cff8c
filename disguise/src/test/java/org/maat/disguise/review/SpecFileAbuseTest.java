package org.maat.disguise.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.spec.SpecException;

/** Hostile spec files: each must be refused with FILE:LINE:COLUMN, never a stack trace, an OOM or a crash. */
class SpecFileAbuseTest {

    private static final String GOOD = "{\n  \"disguise\": \"d\",\n  \"applies-to\": \"jdbc\",\n"
            + "  \"principal\": {\"table\": \"USERS\", \"id\": \"EMAIL\"},\n"
            + "  \"steps\": [{\"remove\": \"USERS\", \"owner\": \"EMAIL\", \"key\": [\"EMAIL\"]}]\n}\n";

    @TempDir
    Path dir;

    private void refusedWithLocation(byte[] content) throws IOException {
        Path f = dir.resolve("spec.json");
        Files.write(f, content);
        assertThatThrownBy(() -> DisguiseSpecs.load(f))
                .isInstanceOf(SpecException.class)
                .hasMessageStartingWith(f + ":")
                .hasMessageMatching("(?s).*spec\\.json:\\d+:\\d+: .*");
    }

    private void refusedWithLocation(String content) throws IOException {
        refusedWithLocation(content.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void goodFileLoads() throws IOException {
        Path f = dir.resolve("good.json");
        Files.writeString(f, GOOD);
        assertThat(DisguiseSpecs.load(f).name()).isEqualTo("d");
    }

    @Test
    void invalidUtf8IsASpecErrorWithALocation() throws IOException {
        byte[] good = GOOD.getBytes(StandardCharsets.UTF_8);
        byte[] bad = new byte[good.length + 2];
        System.arraycopy(good, 0, bad, 0, 20);
        bad[20] = (byte) 0xC3;
        bad[21] = (byte) 0x28;
        System.arraycopy(good, 20, bad, 22, good.length - 20);
        refusedWithLocation(bad);
    }

    @Test
    void thirtyMegabyteLine() throws IOException {
        StringBuilder b = new StringBuilder(GOOD.replace("\"d\"", "\"d\", \"description\": \""));
        int at = b.indexOf("\"description\": \"") + "\"description\": \"".length();
        b.insert(at, "x".repeat(30 * 1024 * 1024) + "\"");
        refusedOrLoaded(b.toString());
    }

    private void refusedOrLoaded(String content) throws IOException {
        Path f = dir.resolve("big.json");
        Files.writeString(f, content);
        try {
            DisguiseSpecs.load(f);
        } catch (SpecException e) {
            assertThat(e.getMessage()).matches("(?s).*big\\.json:\\d+:\\d+: .*");
        }
    }

    @Test
    void thirtyMegabytesOfGarbageOnOneLine() throws IOException {
        refusedWithLocation("{\"disguise\": " + "9".repeat(30 * 1024 * 1024) + "}");
    }

    @Test
    void deepNesting() throws IOException {
        refusedWithLocation("{\"disguise\": " + "[".repeat(200_000) + "]".repeat(200_000) + "}");
        refusedWithLocation("{\"steps\": " + "{\"a\":".repeat(100_000) + "1" + "}".repeat(100_000) + "}");
    }

    @Test
    void nulBytesBomDuplicatesAndNumbersForNames() throws IOException {
        refusedWithLocation(GOOD.replace("\"USERS\", \"owner\"", "\"US\u0000ERS\", \"owner\""));
        refusedWithLocation("\u0000" + GOOD);
        refusedWithLocation(GOOD.replace("\"d\",", "\"d\",\n  \"disguise\": \"e\","));
        refusedWithLocation(GOOD.replace("\"table\": \"USERS\"", "\"table\": 42"));
        refusedWithLocation(GOOD.replace("\"key\": [\"EMAIL\"]", "\"key\": [7]"));
        refusedWithLocation(GOOD.replace("\"EMAIL\"]", "\"EMAIL; DROP TABLE USERS\"]"));
        refusedWithLocation(GOOD.replace("\"table\": \"USERS\"", "\"table\": \"USERS\\\"--\""));
        refusedWithLocation("");
        refusedWithLocation("   \n\n  ");
    }

    @Test
    void byteOrderMarkIsEitherAcceptedOrALocatedError() throws IOException {
        Path f = dir.resolve("bom.json");
        Files.writeString(f, "\uFEFF" + GOOD);
        try {
            assertThat(DisguiseSpecs.load(f).name()).isEqualTo("d");
        } catch (SpecException e) {
            assertThat(e.getMessage()).matches("(?s).*bom\\.json:\\d+:\\d+: .*");
        }
    }

    @Test
    void unicodeLookalikeIdentifiersAreRefused() throws IOException {
        // Turkish dotless i upper-cases to ASCII I: "usErs" with U+0131 must not become a real table name.
        refusedWithLocation(GOOD.replace("\"table\": \"USERS\"", "\"table\": \"\u0131D\""));
    }
}
