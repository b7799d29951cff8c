package org.maat.disguise.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.maat.disguise.search.SearchRecords.WithdrawnViews;

/**
 * Withdrawals of the lines naming several users' documents from one history, then their returns, against the
 * history as it was plus what its owner appended meanwhile: latest first for any file (the lines out of time order),
 * in any order for a history in time order (the front-end's).
 */
class HistoryLinesTest {

    static IntStream seeds() {
        return IntStream.range(0, 200);
    }

    /** A history of queries, torn lines (unless in time order) and views of documents d0..d(users*3-1) (user k owns dk, d(k+users), ...). */
    private static List<String> history(Random random, int users, boolean inTimeOrder) {
        List<String> lines = new ArrayList<>();
        int n = random.nextInt(30);
        for (int i = 0; i < n; i++) {
            long second = inTimeOrder ? i : random.nextInt(20);
            String time = Instant.parse("2026-11-26T00:00:00Z").plusSeconds(second).toString();
            int kind = random.nextInt(6);
            if (kind == 2 && inTimeOrder) {
                kind = 3; // a torn line has no time to place a line by
            }
            lines.add(switch (kind) {
                case 0 -> "{\"time\":\"" + time + "\",\"query\":\"d" + random.nextInt(users * 3) + "\"}\n";
                case 1 -> "{\"time\":\"" + time + "\",\"view\":\"x" + random.nextInt(5) + "\"}\n";
                case 2 -> "{\"tim\n"; // torn by a crash, terminated by the next append
                default -> "{\"time\":\"" + time + "\",\"view\":\"d" + random.nextInt(users * 3) + "\"}\n";
            });
        }
        return lines;
    }

    private static Set<String> documentsOf(int user, int users) {
        return Set.of("d" + user, "d" + (user + users), "d" + (user + 2 * users));
    }

    private static byte[] bytes(List<String> lines) {
        return String.join("", lines).getBytes(StandardCharsets.UTF_8);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void latestFirstRestoresAnyFileExactly(int seed) {
        Random random = new Random(seed);
        int users = 1 + random.nextInt(4);
        List<String> original = history(random, users, false);
        assertThat(roundTrip(random, users, original, true)).isEqualTo(new String(bytes(original), StandardCharsets.UTF_8)
                + appended(users));
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void anyOrderRestoresAHistoryInTimeOrderExactly(int seed) {
        Random random = new Random(seed);
        int users = 1 + random.nextInt(4);
        List<String> original = history(random, users, true);
        assertThat(roundTrip(random, users, original, false)).isEqualTo(new String(bytes(original), StandardCharsets.UTF_8)
                + appended(users));
    }

    /**
     * Each user leaves (withdraw), the owner appends a line between steps, then all come back, latest first or in a
     * random order; returns the file at the end.
     */
    private static String roundTrip(Random random, int users, List<String> original, boolean latestFirst) {
        byte[] file = bytes(original);
        List<Integer> leaving = new ArrayList<>(IntStream.range(0, users).boxed().toList());
        Collections.shuffle(leaving, random);
        List<WithdrawnViews> out = new ArrayList<>();
        for (int user : leaving) {
            HistoryLines.Withdrawal w = HistoryLines.withdraw("v", file, documentsOf(user, users));
            if (w != null) {
                assertThat(HistoryLines.without(file, documentsOf(user, users))).isEqualTo(w.kept());
                file = w.kept();
                out.add(w.views());
            }
            for (String d : documentsOf(user, users)) {
                assertThat(new String(file, StandardCharsets.UTF_8)).doesNotContain("\"view\":\"" + d + "\"");
            }
        }
        file = concat(file, appended(users).getBytes(StandardCharsets.UTF_8));
        if (latestFirst) {
            Collections.reverse(out);
        } else {
            Collections.shuffle(out, random);
        }
        for (WithdrawnViews v : out) {
            file = HistoryLines.restore(file, v);
        }
        return new String(file, StandardCharsets.UTF_8);
    }

    /** What the owner appends while the users are away: later than every line of {@link #history}. */
    private static String appended(int users) {
        return "{\"time\":\"2026-12-01T00:00:00Z\",\"query\":\"later\"}\n{\"time\":\"2026-12-01T00:00:01Z\",\"view\":\"x1\"}\n";
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
