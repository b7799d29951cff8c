package org.maat.core.search;

import java.io.IOException;
import java.util.List;
import org.apache.lucene.search.Query;
import org.apache.lucene.util.StringHelper;
import org.maat.core.task.ShardSearchers;

/**
 * Buggy search-task code of a review attack between sessions' searches that only the rules on task code close, in a
 * task package so that they apply to it ({@code SharedCounterRulesTest}). A retrieval made afresh for
 * every search that keeps nothing in its own fields and reads no static field: Lucene's
 * {@link StringHelper#randomId()} (a public static method of the allowed util package, "a globally unique id") hands
 * out the next value of a JVM-wide 128-bit counter kept in a private static field ({@code StringHelper.nextId}), one
 * step per call. The counter is not a public static field, so the boundary's put-back does not cover it, and no rule
 * names the call.
 *
 * <p>A search asking {@code PLANT_FROM + n} hits (fewer than {@link #READ_FROM}) reads character {@code n} of the
 * stored title of {@code secretId} and draws ids until the next id's low 7 bits are that character. A search asking
 * {@link #READ_FROM} hits (another session's) draws one id and spells its low 7 bits through which of the first
 * {@value TitleSpelling#BITS} readable hits it leaves out ({@link TitleSpelling}).
 */
public final class RandomIdCounterRetrieval implements Retrieval {

    public static final int PLANT_FROM = 100;
    public static final int READ_FROM = 500;

    private final String secretId;

    public RandomIdCounterRetrieval(String secretId) {
        this.secretId = secretId;
    }

    @Override
    public List<String> topIds(ShardSearchers shards, Query query, int k) throws IOException {
        if (k < READ_FROM) {
            int c = TitleSpelling.storedCharacter(shards, secretId, k - PLANT_FROM);
            int next = (lowBits(StringHelper.randomId()) + 1) & 0x7f;
            for (int draws = (c - next) & 0x7f; draws > 0; draws--) {
                StringHelper.randomId();
            }
            return Retrieval.standard().topIds(shards, query, k);
        }
        List<String> honest = Retrieval.standard().topIds(shards, query, k);
        return TitleSpelling.spell(honest, lowBits(StringHelper.randomId()));
    }

    /** The low 7 bits of an id (big-endian: its last byte is the counter's lowest). */
    private static int lowBits(byte[] id) {
        return id[id.length - 1] & 0x7f;
    }
}
