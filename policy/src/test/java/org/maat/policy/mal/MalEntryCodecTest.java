package org.maat.policy.mal;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.maat.policy.mal.VerifyReport.Reason;

class MalEntryCodecTest {

    private static final MalEntry ENTRY = MalEntryCodec.seal(3, 1_700_000_000_000L, "alice", "doc-1",
            "two\nlines\tand a tab", MalEntry.GENESIS_HASH);

    private static String line(MalEntry entry) {
        return new String(MalEntryCodec.encode(entry), UTF_8);
    }

    private static MalEntry decode(String line) throws MalEntryCodec.BadLineException {
        byte[] bytes = line.getBytes(UTF_8);
        return MalEntryCodec.decode(bytes, bytes.length);
    }

    @Test
    void lineIsSevenTabSeparatedFieldsWithControlCharactersEscaped() {
        assertThat(line(ENTRY)).isEqualTo("3\t1700000000000\talice\tdoc-1\ttwo\\nlines\\tand a tab\t"
                + MalEntry.GENESIS_HASH + "\t" + ENTRY.hash() + "\n");
    }

    @Test
    void hashIsSha256OfTheFirstSixFieldsAsWritten() throws Exception {
        String text = line(ENTRY);
        String hashed = text.substring(0, text.lastIndexOf('\t'));
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(hashed.getBytes(UTF_8));
        assertThat(ENTRY.hash()).isEqualTo(HexFormat.of().formatHex(digest));
    }

    @Test
    void decodingAnEncodedLineGivesTheEntryBack() throws Exception {
        String text = line(ENTRY);
        assertThat(decode(text.substring(0, text.length() - 1))).isEqualTo(ENTRY);
    }

    @Test
    void unpairedSurrogateAndOtherControlsAreEscapedAndRestored() throws Exception {
        MalEntry entry = MalEntryCodec.seal(0, 0, "p\ud800", "c\u0001", "\u0085x\udc00", MalEntry.GENESIS_HASH);
        String text = line(entry);
        assertThat(text).contains("p\\ud800\tc\\u0001\t\\u0085x\\udc00\t");
        assertThat(decode(text.substring(0, text.length() - 1))).isEqualTo(entry);
    }

    @Test
    void changedFieldFailsTheHashCheck() {
        String text = line(ENTRY).replace("alice", "mallory").stripTrailing();
        assertThatThrownBy(() -> decode(text))
                .isInstanceOfSatisfying(MalEntryCodec.BadLineException.class,
                        e -> assertThat(e.reason()).isEqualTo(Reason.BAD_HASH));
    }

    @Test
    void nonCanonicalSpellingIsMalformedEvenWithAMatchingHash() {
        // "\u0041" spells "A", but only the bare letter is canonical; a line must have one spelling.
        String prefix = "0\t0\t\\u0041\tdoc\treason\t" + MalEntry.GENESIS_HASH;
        String text = prefix + "\t" + sha256(prefix);
        assertThatThrownBy(() -> decode(text))
                .isInstanceOfSatisfying(MalEntryCodec.BadLineException.class, e -> {
                    assertThat(e.reason()).isEqualTo(Reason.MALFORMED_LINE);
                    assertThat(e.getMessage()).contains("principal is not in canonical escaped form");
                });
    }

    @Test
    void numberWithLeadingZeroIsMalformed() {
        String prefix = "01\t0\tp\tdoc\treason\t" + MalEntry.GENESIS_HASH;
        assertThatThrownBy(() -> decode(prefix + "\t" + sha256(prefix)))
                .hasMessageContaining("sequence '01' is not a decimal number");
    }

    @Test
    void damagedFieldIsShownEscapedInTheMessage() {
        String prefix = "\u0000\u0000\t0\tp\tdoc\treason\t" + MalEntry.GENESIS_HASH;
        assertThatThrownBy(() -> decode(prefix + "\t" + sha256(prefix)))
                .hasMessage("sequence '\\u0000\\u0000' is not a decimal number");
    }

    @Test
    void invalidUtf8IsMalformed() {
        byte[] bytes = {'0', '\t', (byte) 0xC3, '\t'};
        assertThatThrownBy(() -> MalEntryCodec.decode(bytes, bytes.length)).hasMessage("not valid UTF-8");
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(UTF_8)));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
