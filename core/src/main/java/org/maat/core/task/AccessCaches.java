package org.maat.core.task;

import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.maat.core.lucene.TaskReader;
import org.maat.policy.facts.FactSource;

/**
 * What every session's access filter shares across searches, owned by the runtime: each segment's decoded access
 * fields ({@link SegmentAccess}, decoded once, dropped when the segment closes) and each region's blacklist (a new
 * {@link Blacklist} only when its ids change). The search components are made afresh for every search and keep
 * nothing between searches; the runtime hands this object to the filter it makes for a search, so the per-segment
 * decode still happens once per segment, not once per search.
 *
 * <p>Task code may call it with inputs of its own making; what it caches never depends on them. A segment is decoded
 * into the cache only for a leaf the runtime opened (any other leaf, such as a wrapper a task made that reports a
 * real segment's key over doc values of its choosing, is decoded for that one use), and a blacklist entry serves only
 * a call with the very same facts object it was read from (the runtime's is one object for the store's life), so
 * forged facts, whatever version they report, never decide another session's blacklist; at most they make the
 * runtime's next call read its own facts again. Thread-safe.
 */
public final class AccessCaches {

    /** Regions remembered; a deployment has a handful, and a caller naming ever new ones only starts the map over. */
    private static final int MAX_REGIONS = 1024;

    private final Map<IndexReader.CacheKey, SegmentAccess> byCore = new ConcurrentHashMap<>();
    private final Map<String, KnownBlacklist> blacklists = new ConcurrentHashMap<>();

    /** A region's blacklist as read from {@code source} at {@code factVersion}. */
    private record KnownBlacklist(FactSource source, long factVersion, Blacklist blacklist) {
    }

    /** The access fields of the segment {@code reader} is a leaf of: cached for a runtime segment, else decoded now. */
    public SegmentAccess segment(LeafReader reader) throws IOException {
        IndexReader.CacheHelper helper = reader.getCoreCacheHelper();
        if (helper == null || !TaskReader.isRuntimeSegment(reader)) {
            return SegmentAccess.decode(reader, null);
        }
        IndexReader.CacheKey key = helper.getKey();
        SegmentAccess known = byCore.get(key);
        if (known == null) {
            known = SegmentAccess.decode(reader, key);
            if (byCore.putIfAbsent(key, known) == null) {
                helper.addClosedListener(byCore::remove);
            } else {
                known = byCore.get(key);
            }
        }
        return known;
    }

    /** The region's blacklist in {@code facts}; the same object as long as its ids stay the same, whatever else changes. */
    public Blacklist blacklist(String region, FactSource facts) {
        long version = facts.version();
        KnownBlacklist known = blacklists.get(region);
        if (known == null || known.source() != facts || known.factVersion() != version) {
            Set<String> ids = facts.neighbours("blocked", 0, region);
            Blacklist current = known != null && known.blacklist().ids().equals(ids) ? known.blacklist() : new Blacklist(ids);
            known = new KnownBlacklist(facts, version, current);
            if (blacklists.size() >= MAX_REGIONS) {
                blacklists.clear();
            }
            blacklists.put(region, known);
        }
        return known.blacklist();
    }

    /** The segments decoded and still open (for tests: a closed segment must be dropped). */
    public int cachedSegments() {
        return byCore.size();
    }
}
