package org.maat.core.task;

import java.io.PrintStream;
import java.util.Locale;
import java.util.TimeZone;
import org.apache.lucene.codecs.Codec;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryCache;
import org.apache.lucene.search.QueryCachingPolicy;
import org.apache.lucene.util.InfoStream;

/**
 * The JVM-wide settings of the libraries task code is handed, pinned by the runtime. A search task gets Lucene
 * searchers, and Lucene (like the JDK) keeps settings in static fields any caller may change: a task that changed
 * one would change how the runtime answers every later user, another session's (Lucene's clause limit decides
 * which queries are refused as too expensive), a flow no monitor sees; Lucene's default codec and log streams
 * would even run a task's code inside the runtime's next index writer. The runtime's writers name their codec and
 * log stream explicitly ({@link #codec()}), so they never read those defaults. Lucene's default query cache and
 * caching policy are objects with state every searcher of the JVM shares (an LRU cache; a ring buffer of recently
 * used queries that any holder writes and reads back), so the runtime pins none and a policy that keeps nothing
 * ({@link #cachingPolicy()}): a task that reads the default has nothing to write.
 *
 * <p>What it guarantees: {@link TaskBoundary#run} checks these settings after every task it runs; a change is
 * undone there and the task fails in the runtime's words, so no later search runs under a value a task chose.
 * The runtime's texts never name a value read back from them: the clause limit they name is
 * {@link #MAX_CLAUSE_COUNT}.
 *
 * <p>What it does not: while a task runs, a search running beside it sees its change (a query refused as too
 * expensive, a bit per concurrent query, like timing); the rules on task code forbid the calls outright
 * ({@code TaskChannelRulesTest}); settings of libraries not listed here.
 */
public final class LibraryState {

    /** Lucene's clause limit, the one every search of the runtime runs under and its texts name. */
    public static final int MAX_CLAUSE_COUNT = 1024;

    /**
     * No default query cache: no searcher the runtime makes has one ({@code SettledSearcher}), and Lucene's default
     * (an {@code LRUQueryCache}) is state every searcher of the JVM would share.
     */
    private static final QueryCache DEFAULT_QUERY_CACHE = null;
    private static final QueryCachingPolicy DEFAULT_CACHING_POLICY = NeverCache.POLICY;
    private static final Locale DEFAULT_LOCALE;
    private static final Locale DEFAULT_FORMAT_LOCALE;
    private static final Locale DEFAULT_DISPLAY_LOCALE;
    private static final TimeZone DEFAULT_TIME_ZONE;
    private static final Codec DEFAULT_CODEC;
    private static final InfoStream DEFAULT_INFO_STREAM;
    private static final PrintStream SEGMENT_INFOS_STREAM;

    static {
        IndexSearcher.setMaxClauseCount(MAX_CLAUSE_COUNT);
        IndexSearcher.setDefaultQueryCache(DEFAULT_QUERY_CACHE);
        IndexSearcher.setDefaultQueryCachingPolicy(DEFAULT_CACHING_POLICY);
        DEFAULT_LOCALE = Locale.getDefault();
        DEFAULT_FORMAT_LOCALE = Locale.getDefault(Locale.Category.FORMAT);
        DEFAULT_DISPLAY_LOCALE = Locale.getDefault(Locale.Category.DISPLAY);
        DEFAULT_TIME_ZONE = TimeZone.getDefault();
        // Lucene's writer defaults: code a task planted there would run inside the runtime's next writer.
        DEFAULT_CODEC = Codec.getDefault();
        DEFAULT_INFO_STREAM = InfoStream.getDefault();
        SEGMENT_INFOS_STREAM = SegmentInfos.getInfoStream();
        WritableLibraryStatics.keep();
    }

    /** The codec the runtime's writers use, pinned when this class loaded (never Lucene's current default). */
    public static Codec codec() {
        return DEFAULT_CODEC;
    }

    /** The caching policy of every searcher the runtime makes and Lucene's pinned default: it keeps nothing. */
    public static QueryCachingPolicy cachingPolicy() {
        return DEFAULT_CACHING_POLICY;
    }

    private LibraryState() {
    }

    /**
     * A caching policy with no state: Lucene's default ({@code UsageTrackingQueryCachingPolicy}) keeps a JVM-wide ring
     * buffer of the queries it was told of, which any holder writes ({@code onUse}) and reads back
     * ({@code shouldCache}), so one task could leave a title there for another session's. This one remembers nothing
     * and caches nothing, which costs nothing: no searcher of the runtime has a cache to consult it.
     */
    private enum NeverCache implements QueryCachingPolicy {
        POLICY;

        @Override
        public void onUse(Query query) {
            // remembers nothing
        }

        @Override
        public boolean shouldCache(Query query) {
            return false;
        }
    }

    /** Pins the settings (loading this class does); the runtime calls it before it runs any task. */
    public static void pin() {
        // the static initializer did the work
    }

    /**
     * Puts back every setting that differs from its pinned value.
     *
     * @return whether any had changed
     */
    static synchronized boolean restoreIfChanged() {
        boolean changed = false;
        if (IndexSearcher.getMaxClauseCount() != MAX_CLAUSE_COUNT) {
            IndexSearcher.setMaxClauseCount(MAX_CLAUSE_COUNT);
            changed = true;
        }
        if (IndexSearcher.getDefaultQueryCache() != DEFAULT_QUERY_CACHE) {
            IndexSearcher.setDefaultQueryCache(DEFAULT_QUERY_CACHE);
            changed = true;
        }
        if (IndexSearcher.getDefaultQueryCachingPolicy() != DEFAULT_CACHING_POLICY) {
            IndexSearcher.setDefaultQueryCachingPolicy(DEFAULT_CACHING_POLICY);
            changed = true;
        }
        if (!Locale.getDefault().equals(DEFAULT_LOCALE)) {
            Locale.setDefault(DEFAULT_LOCALE);
            changed = true;
        }
        if (!Locale.getDefault(Locale.Category.FORMAT).equals(DEFAULT_FORMAT_LOCALE)) {
            Locale.setDefault(Locale.Category.FORMAT, DEFAULT_FORMAT_LOCALE);
            changed = true;
        }
        if (!Locale.getDefault(Locale.Category.DISPLAY).equals(DEFAULT_DISPLAY_LOCALE)) {
            Locale.setDefault(Locale.Category.DISPLAY, DEFAULT_DISPLAY_LOCALE);
            changed = true;
        }
        if (!TimeZone.getDefault().equals(DEFAULT_TIME_ZONE)) {
            TimeZone.setDefault(DEFAULT_TIME_ZONE);
            changed = true;
        }
        if (Codec.getDefault() != DEFAULT_CODEC) {
            Codec.setDefault(DEFAULT_CODEC);
            changed = true;
        }
        if (InfoStream.getDefault() != DEFAULT_INFO_STREAM) {
            InfoStream.setDefault(DEFAULT_INFO_STREAM);
            changed = true;
        }
        if (SegmentInfos.getInfoStream() != SEGMENT_INFOS_STREAM) {
            SegmentInfos.setInfoStream(SEGMENT_INFOS_STREAM);
            changed = true;
        }
        changed |= WritableLibraryStatics.putBack(); // the public static fields and arrays anyone can write
        return changed;
    }
}
