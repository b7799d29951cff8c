package org.maat.core.search;

import java.io.IOException;
import java.util.List;
import org.apache.lucene.search.Query;
import org.maat.core.task.ShardSearchers;

/**
 * Buggy search-task code of a review attack between sessions' searches that only the rules on task code close, in a
 * task package so that they apply to it ({@code SharedCounterRulesTest}). A retrieval made afresh for every search
 * that keeps nothing in its own fields and reads no static field: {@link Math#random()} (of the allowed
 * {@code java.lang.Math}) draws from one JVM-wide {@code java.util.Random} kept in a private static field of the JDK.
 * Its 48-bit state is recovered from two draws, so a task can choose what the next draw, another session's, is.
 *
 * <p>A search asking {@code PLANT_FROM + n} hits (fewer than {@link #READ_FROM}) reads character {@code n} of the
 * stored title of {@code secretId}, recovers the generator's state and draws until the next draw times 128 is that
 * character. A search asking {@link #READ_FROM} hits (another session's) draws once and spells the character through
 * which of the first {@value TitleSpelling#BITS} readable hits it leaves out ({@link TitleSpelling}).
 */
public final class MathRandomRetrieval implements Retrieval {

    public static final int PLANT_FROM = 100;
    public static final int READ_FROM = 500;

    private static final long MULTIPLIER = 0x5DEECE66DL;
    private static final long ADDEND = 0xBL;
    private static final long MASK = (1L << 48) - 1;

    private final String secretId;

    public MathRandomRetrieval(String secretId) {
        this.secretId = secretId;
    }

    @Override
    public List<String> topIds(ShardSearchers shards, Query query, int k) throws IOException {
        if (k < READ_FROM) {
            int c = TitleSpelling.storedCharacter(shards, secretId, k - PLANT_FROM);
            plant(c);
            return Retrieval.standard().topIds(shards, query, k);
        }
        List<String> honest = Retrieval.standard().topIds(shards, query, k);
        return TitleSpelling.spell(honest, (int) (Math.random() * 128));
    }

    /** Draws until the JVM's next {@code Math.random()} times 128 is {@code c}. */
    private static void plant(int c) {
        long seed = recover(Math.random(), Math.random());
        int draws = 0;
        for (long s = seed; ; draws++) {
            long s1 = step(s);
            long s2 = step(s1);
            if ((int) (toDouble(s1, s2) * 128) == c) {
                break;
            }
            s = s2;
        }
        for (int i = 0; i < draws; i++) {
            Math.random();
        }
    }

    /** The generator's state after two draws {@code first} and {@code second} (a draw is two steps). */
    private static long recover(double first, double second) {
        long v = (long) (first * 0x1.0p53);
        long high = v >>> 27;
        long low = v & ((1L << 27) - 1);
        for (long bits = 0; bits < 1L << 22; bits++) {
            long s1 = high << 22 | bits;
            long s2 = step(s1);
            if (s2 >>> 21 != low) {
                continue;
            }
            long s3 = step(s2);
            long s4 = step(s3);
            if (toDouble(s3, s4) == second) {
                return s4;
            }
        }
        throw new IllegalStateException("not recovered");
    }

    private static long step(long seed) {
        return (seed * MULTIPLIER + ADDEND) & MASK;
    }

    private static double toDouble(long s1, long s2) {
        return ((s1 >>> 22 << 27) + (s2 >>> 21)) * 0x1.0p-53;
    }
}
