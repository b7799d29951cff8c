package org.maat.disguise.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The unlucky draws that made the name scans fail by chance, planted: another user's Argon2 salt or generated
 * password spelling the disguised user's name is no finding, while the name itself, outside those values, is.
 */
class RandomDrawsTest {

    @TempDir
    Path dir;

    @Test
    void aNameSpelledByAnotherUsersSaltOrPasswordIsChanceAndTheNameItselfIsFound() throws Exception {
        SearchFixture f = SearchFixture.copy(dir);
        Path accounts = f.data.root().resolve("accounts");
        Path logins = f.data.root().resolve("logins.txt");
        // The user's own lines go (as a delete drops them); then another user's salt and password spell the name.
        plant(accounts, Pattern.compile("(?m)^(u\\d+)\\t\\$argon2id\\$v=\\d+\\$[^$]+\\$([A-Za-z0-9+/]{6})"), f.user);
        plant(logins, Pattern.compile("(?m)^(u\\d+)\\t([A-Za-z0-9]{6})"), f.user);
        for (Path p : new Path[] {accounts, logins}) {
            String raw = new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1);
            assertThat(SearchFixture.containing(java.util.Map.of(p, raw), f.user)).as("a raw scan of " + p)
                    .containsExactly(p);
        }
        assertThat(f.filesContaining(f.user)).doesNotContainKeys(accounts, logins);

        // The name as stored outside a random draw is still found.
        Files.writeString(logins, f.user + "\tpassword1\n", java.nio.file.StandardOpenOption.APPEND);
        assertThat(f.filesContaining(f.user)).containsKey(logins);
    }

    /**
     * The same data generated twice differs only where Maat drew at random; blanked, what still differs is hex
     * or decimal text (timestamps, hashes), in which no user name (u12) can be spelled. H2's files are left out:
     * a chunk header's hex timestamp one digit longer shifts every byte after it.
     */
    @Test
    void whatTwoGenerationsOfTheSameDataStillDifferInOnceBlankedIsHexOrDecimalText() throws Exception {
        SearchFixture a = SearchFixture.generate(dir.resolve("a"), org.maat.core.runtime.TestData.SPEC, 30, 30);
        SearchFixture b = SearchFixture.generate(dir.resolve("b"), org.maat.core.runtime.TestData.SPEC, 30, 30);
        java.util.List<String> differing = new java.util.ArrayList<>();
        int blanked = 0;
        for (Path pa : a.storedFiles()) {
            if (pa.getFileName().toString().endsWith(".db")) {
                continue;
            }
            Path pb = b.root.resolve(a.root.relativize(pa));
            String rawA = new String(Files.readAllBytes(pa), StandardCharsets.ISO_8859_1);
            String rawB = new String(Files.readAllBytes(pb), StandardCharsets.ISO_8859_1);
            // the bytes as blanked, before Lucene's compressed values are expanded (LuceneSegmentText): those are data
            String x = RandomDraws.blanked(pa, rawA);
            String y = RandomDraws.blanked(pb, rawB);
            assertThat(y.length()).as(pa.toString()).isEqualTo(x.length());
            for (int i = 0; i < x.length(); i++) {
                blanked += x.charAt(i) != rawA.charAt(i) ? 1 : 0;
                if (x.charAt(i) != y.charAt(i) && !(hexOrDecimal(x.charAt(i)) && hexOrDecimal(y.charAt(i)))) {
                    differing.add(a.root.relativize(pa) + "@" + i + ": " + (int) x.charAt(i) + "/" + (int) y.charAt(i));
                }
            }
            assertThat(rawB.length()).isEqualTo(rawA.length());
        }
        assertThat(blanked).as("bytes blanked").isPositive();
        assertThat(differing).as("random bytes left to scan").isEmpty();
    }

    private static boolean hexOrDecimal(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    /** Drops {@code user}'s own lines from {@code file}, then writes {@code user} + "x" into group 2 of another user's line. */
    private static void plant(Path file, Pattern line, String user) throws Exception {
        String text = Files.readString(file, StandardCharsets.ISO_8859_1).replaceAll("(?m)^" + user + "\\t.*\\n", "");
        Matcher m = line.matcher(text);
        while (m.find() && m.group(1).equals(user)) {
            // not the user's own line (already gone)
        }
        String planted = text.substring(0, m.start(2)) + user + "x" + text.substring(m.start(2) + user.length() + 1);
        Files.writeString(file, planted, StandardCharsets.ISO_8859_1);
    }
}
