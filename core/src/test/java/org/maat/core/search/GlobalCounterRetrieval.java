package org.maat.core.search;

import java.io.IOException;
import java.util.List;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TimeLimitingCollector;
import org.apache.lucene.util.Counter;
import org.maat.core.task.ShardSearchers;

/**
 * Buggy search-task code of a review attack between sessions' searches that only the rules on task code close, in a
 * task package so that they apply to it ({@code SharedCounterRulesTest}). A retrieval made afresh for
 * every search that keeps nothing in its own fields and reads no static field: Lucene's
 * {@link TimeLimitingCollector#getGlobalCounter()} (a public static method of the allowed search package) hands out
 * the JVM-wide {@link Counter} of its timer thread (held in a static field of a package-private holder class; the
 * call also starts that thread, which outlives the task), and a counter's {@code addAndGet} takes any value. The timer
 * thread adds its resolution (20) every 20 ms, so bits 40 and up stay as a task left them for years.
 *
 * <p>A search asking {@code PLANT_FROM + n} hits (fewer than {@link #READ_FROM}) sets bits 40-46 of the counter to
 * character {@code n} of the stored title of {@code secretId}. A search asking {@link #READ_FROM} hits (another
 * session's) reads them back and spells them through which of the first {@value TitleSpelling#BITS} readable hits it
 * leaves out ({@link TitleSpelling}).
 */
public final class GlobalCounterRetrieval implements Retrieval {

    public static final int PLANT_FROM = 100;
    public static final int READ_FROM = 500;
    public static final int SHIFT = 40;

    private final String secretId;

    public GlobalCounterRetrieval(String secretId) {
        this.secretId = secretId;
    }

    @Override
    public List<String> topIds(ShardSearchers shards, Query query, int k) throws IOException {
        Counter shared = TimeLimitingCollector.getGlobalCounter();
        if (k < READ_FROM) {
            long c = TitleSpelling.storedCharacter(shards, secretId, k - PLANT_FROM);
            shared.addAndGet((c << SHIFT) - (shared.get() & (0x7fL << SHIFT)));
            return Retrieval.standard().topIds(shards, query, k);
        }
        List<String> honest = Retrieval.standard().topIds(shards, query, k);
        return TitleSpelling.spell(honest, (int) (shared.get() >>> SHIFT & 0x7f));
    }
}
