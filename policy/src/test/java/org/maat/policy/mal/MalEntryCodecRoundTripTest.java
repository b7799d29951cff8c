package org.maat.policy.mal;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class MalEntryCodecRoundTripTest {

    /** Characters that stress the escaping, mixed with arbitrary UTF-16 units (lone surrogates too). */
    private static final String AWKWARD = "\\\t\n\r\u0000\u001f\u007f\u0085\u2028 \"'ü日🙂";

    private static String randomText(Random random) {
        StringBuilder sb = new StringBuilder();
        int length = random.nextInt(24);
        for (int i = 0; i < length; i++) {
            if (random.nextBoolean()) {
                sb.append(AWKWARD.charAt(random.nextInt(AWKWARD.length())));
            } else {
                sb.append((char) random.nextInt(Character.MAX_VALUE + 1));
            }
        }
        return sb.toString();
    }

    @Test
    void anyTextRoundTripsThroughExactlyOneLine() throws Exception {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        for (int i = 0; i < 2000; i++) {
            MalEntry entry = MalEntryCodec.seal(i, random.nextLong(), randomText(random), randomText(random),
                    randomText(random), MalEntry.GENESIS_HASH);
            byte[] line = MalEntryCodec.encode(entry);

            String text = new String(line, UTF_8);
            assertThat(text.indexOf('\n')).as("seed %d", seed).isEqualTo(text.length() - 1);
            assertThat(text.chars().filter(c -> c == '\t').count()).as("seed %d", seed).isEqualTo(6);
            assertThat(MalEntryCodec.decode(line, line.length - 1)).as("seed %d", seed).isEqualTo(entry);
        }
    }
}
