package org.maat.policy.mal;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * The MAL line format and its hashing (described in {@code package-info.java}). Encoding is
 * canonical and decoding accepts only the canonical spelling, so {@code decode(encode(e))} is
 * {@code e} and every accepted line has exactly one entry.
 */
final class MalEntryCodec {

    /** Longest line a log may hold; bounds the memory a reader spends on a damaged file. */
    static final int MAX_LINE_BYTES = 1 << 20;

    private static final int FIELDS = 7;
    private static final Pattern SHA256_HEX = Pattern.compile("[0-9a-f]{64}");
    private static final HexFormat HEX = HexFormat.of();

    private MalEntryCodec() {
    }

    /** A new entry with its hash computed over the other fields. */
    static MalEntry seal(long sequence, long timestampMillis, String principal, String conduitId, String reason,
                         String previousHash) {
        byte[] prefix = hashedPrefix(sequence, timestampMillis, principal, conduitId, reason, previousHash)
                .getBytes(StandardCharsets.UTF_8);
        return new MalEntry(sequence, timestampMillis, principal, conduitId, reason, previousHash,
                sha256(prefix, prefix.length));
    }

    /** The entry's line, newline included. */
    static byte[] encode(MalEntry e) {
        String prefix = hashedPrefix(e.sequence(), e.timestampMillis(), e.principal(), e.conduitId(), e.reason(),
                e.previousHash());
        return (prefix + '\t' + e.hash() + '\n').getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Parses one line (without its newline) and checks its own hash. Links to the previous entry
     * are the reader's concern, not the codec's.
     */
    static MalEntry decode(byte[] line, int length) throws BadLineException {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(line, 0, length))
                    .toString();
        } catch (CharacterCodingException e) {
            throw malformed("not valid UTF-8");
        }
        String[] fields = text.split("\t", -1);
        if (fields.length != FIELDS) {
            throw malformed("expected " + FIELDS + " tab-separated fields, found " + fields.length);
        }
        long sequence = canonicalLong(fields[0], "sequence");
        if (sequence < 0) {
            throw malformed("negative sequence number " + sequence);
        }
        long timestamp = canonicalLong(fields[1], "timestamp");
        String principal = unescape(fields[2], "principal");
        String conduitId = unescape(fields[3], "conduit");
        String reason = unescape(fields[4], "reason");
        String previousHash = hashField(fields[5], "previous hash");
        String hash = hashField(fields[6], "hash");

        // The hash covers the first six fields exactly as written: everything before the last tab.
        String computed = sha256(line, length - hash.length() - 1);
        if (!computed.equals(hash)) {
            throw new BadLineException(VerifyReport.Reason.BAD_HASH,
                    "stored hash " + hash + " but the entry hashes to " + computed);
        }
        return new MalEntry(sequence, timestamp, principal, conduitId, reason, previousHash, hash);
    }

    /** Text as written in a field: no tab, newline or other control character left bare. */
    static String escape(String value) {
        StringBuilder sb = new StringBuilder(value.length() + 8);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\\' -> sb.append("\\\\");
                case '\t' -> sb.append("\\t");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                default -> {
                    if (Character.isHighSurrogate(c) && i + 1 < value.length()
                            && Character.isLowSurrogate(value.charAt(i + 1))) {
                        sb.append(c).append(value.charAt(++i));
                    } else if (Character.isISOControl(c) || Character.isSurrogate(c)) {
                        // An unpaired surrogate has no UTF-8 form; escaping it keeps the text exact.
                        sb.append("\\u").append(HEX.toHexDigits(c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.toString();
    }

    static String unescape(String field, String name) throws BadLineException {
        StringBuilder sb = new StringBuilder(field.length());
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            if (++i >= field.length()) {
                throw malformed(name + " ends in a lone backslash");
            }
            char e = field.charAt(i);
            switch (e) {
                case '\\' -> sb.append('\\');
                case 't' -> sb.append('\t');
                case 'n' -> sb.append('\n');
                case 'r' -> sb.append('\r');
                case 'u' -> {
                    if (i + 4 >= field.length()) {
                        throw malformed(name + " has a truncated \\u escape");
                    }
                    String digits = field.substring(i + 1, i + 5);
                    if (!digits.chars().allMatch(d -> Character.digit(d, 16) >= 0)) {
                        throw malformed(name + " has a bad \\u escape " + shown(digits));
                    }
                    sb.append((char) Integer.parseInt(digits, 16));
                    i += 4;
                }
                default -> throw malformed(name + " has an unknown escape " + shown("\\" + e));
            }
        }
        String value = sb.toString();
        if (!escape(value).equals(field)) {
            throw malformed(name + " is not in canonical escaped form");
        }
        return value;
    }

    private static String hashedPrefix(long sequence, long timestampMillis, String principal, String conduitId,
                                       String reason, String previousHash) {
        return sequence + "\t" + timestampMillis + '\t' + escape(principal) + '\t' + escape(conduitId) + '\t'
                + escape(reason) + '\t' + previousHash;
    }

    private static long canonicalLong(String field, String name) throws BadLineException {
        try {
            long value = Long.parseLong(field);
            if (Long.toString(value).equals(field)) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw malformed(name + " " + shown(field) + " is not a decimal number");
    }

    private static String hashField(String field, String name) throws BadLineException {
        if (!SHA256_HEX.matcher(field).matches()) {
            throw malformed(name + " " + shown(field) + " is not 64 lower-case hex digits");
        }
        return field;
    }

    private static String sha256(byte[] bytes, int length) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update(bytes, 0, length);
            return HEX.formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform provides SHA-256", e);
        }
    }

    /** Text from a damaged file as a message can show it: quoted, escaped and cut short. */
    private static String shown(String text) {
        String escaped = escape(text);
        return "'" + (escaped.length() > 40 ? escaped.substring(0, 40) + "..." : escaped) + "'";
    }

    private static BadLineException malformed(String detail) {
        return new BadLineException(VerifyReport.Reason.MALFORMED_LINE, detail);
    }

    /** Why one line is not a valid entry. */
    static final class BadLineException extends Exception {
        private final VerifyReport.Reason reason;

        BadLineException(VerifyReport.Reason reason, String detail) {
            super(detail, null, false, false);
            this.reason = reason;
        }

        VerifyReport.Reason reason() {
            return reason;
        }
    }
}
