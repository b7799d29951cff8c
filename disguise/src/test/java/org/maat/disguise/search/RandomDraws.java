package org.maat.disguise.search;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;

/**
 * The bytes of a stored file with the values Maat draws at random blanked out (set to zero bytes, so positions
 * stay), for scans that look for a user's name. A name is three bytes ({@code u12}); random text and ciphertext
 * spell it by chance: 2,000 base64 characters of Argon2 salts and hashes in {@code accounts} about one scan in
 * 300, 400 letters and digits of generated passwords in {@code logins.txt} one in 1,000, 8 KiB of sealed bags in
 * {@code disguise.db} one in 2,000, Lucene's segment ids and checksums one in 20,000. Blanked here:
 * <ul>
 *   <li>the salt and hash of each Argon2 PHC string (any file), and the password column of {@code logins.txt};
 *   <li>in {@code disguise.db}, each sealed bag, each principal's public key, each return's public key and the
 *       history lines sealed to it (read through H2's MVStore:
 *       the file holds only live entries after the store's erase, so these are all its ciphertext);
 *   <li>in Lucene files, the 16-byte id of every codec header, every 16 bytes that start like one (Lucene's
 *       ids count up from one random start, so the ids a commit lists share their first bytes), and the
 *       checksum of every footer.
 * </ul>
 * Not blanked, so still scanned: everything else, including user ids, principal ids, journal entries and the
 * hex or decimal text that the remaining per-run values (timestamps, MAL hashes, storage keys) are written in,
 * which cannot spell a name that starts with {@code u}.
 */
final class RandomDraws {

    private static final Pattern ARGON2 = Pattern.compile("\\$argon2id?\\$v=\\d+\\$m=\\d+,t=\\d+,p=\\d+\\$([A-Za-z0-9+/]+)\\$([A-Za-z0-9+/]+)");
    private static final Pattern LOGIN = Pattern.compile("(?m)^[^#\\t\\n][^\\t\\n]*\\t([^\\n]*)$");
    private static final String CODEC_MAGIC = latin1(new byte[] {0x3f, (byte) 0xd7, 0x6c, 0x17});
    private static final String FOOTER_MAGIC = latin1(new byte[] {(byte) 0xc0, 0x28, (byte) 0x93, (byte) 0xe8, 0, 0, 0, 0});
    private static final int ID = 16;
    /** Ids that share this many leading bytes with a header's id are taken for Lucene's. */
    private static final int ID_PREFIX = 12;

    private RandomDraws() {
    }

    /** {@code bytes} (the file {@code file} read one char a byte) with its random draws blanked. */
    static String blanked(Path file, String bytes) {
        StringBuilder out = new StringBuilder(bytes);
        Matcher phc = ARGON2.matcher(bytes);
        while (phc.find()) {
            blank(out, phc.start(1), phc.end(1));
            blank(out, phc.start(2), phc.end(2));
        }
        String name = file.getFileName().toString();
        if (name.equals("logins.txt")) {
            Matcher login = LOGIN.matcher(bytes);
            while (login.find()) {
                blank(out, login.start(1), login.end(1));
            }
        }
        if (name.equals("disguise.db")) {
            for (String value : sealedValues(file)) {
                for (int at = bytes.indexOf(value); at >= 0; at = bytes.indexOf(value, at + 1)) {
                    blank(out, at, at + value.length());
                }
            }
        }
        if (bytes.startsWith(CODEC_MAGIC)) {
            blankLucene(out, bytes);
        }
        return out.toString();
    }

    private static void blankLucene(StringBuilder out, String bytes) {
        List<String> prefixes = new ArrayList<>();
        for (int at = bytes.indexOf(CODEC_MAGIC); at >= 0; at = bytes.indexOf(CODEC_MAGIC, at + 1)) {
            int nameLength = bytes.charAt(at + 4);
            int id = at + 4 + 1 + nameLength + 4; // magic, name (one length byte: names are short), version
            if (nameLength < 128 && id + ID <= bytes.length()) {
                prefixes.add(bytes.substring(id, id + ID_PREFIX));
            }
        }
        for (String prefix : prefixes) {
            for (int at = bytes.indexOf(prefix); at >= 0; at = bytes.indexOf(prefix, at + 1)) {
                blank(out, at, Math.min(bytes.length(), at + ID));
            }
        }
        for (int at = bytes.indexOf(FOOTER_MAGIC); at >= 0; at = bytes.indexOf(FOOTER_MAGIC, at + 1)) {
            int checksum = at + FOOTER_MAGIC.length();
            blank(out, checksum, Math.min(bytes.length(), checksum + 8));
        }
    }

    /** The sealed bags and lines, and the public keys, in a closed {@code disguise.db}, one char a byte. */
    private static List<String> sealedValues(Path file) {
        List<String> values = new ArrayList<>();
        MVStore store = new MVStore.Builder().fileName(file.toString()).readOnly().open();
        try {
            for (String map : List.of(DisguiseFile.BAGS, DisguiseFile.PRINCIPALS, DisguiseFile.RETURNS, DisguiseFile.MAIL)) {
                if (store.hasMap(map)) {
                    MVMap<String, byte[]> m = store.openMap(map);
                    m.values().forEach(v -> values.add(latin1(v)));
                }
            }
        } finally {
            store.close();
        }
        return values;
    }

    private static void blank(StringBuilder out, int from, int to) {
        for (int i = from; i < to; i++) {
            out.setCharAt(i, '\0');
        }
    }

    private static String latin1(byte[] b) {
        return new String(b, StandardCharsets.ISO_8859_1);
    }
}
