package org.maat.core.task;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.FixedBitSet;
import org.maat.core.index.AccessTemplate;
import org.maat.core.index.IndexFields;
import org.maat.core.lucene.TaskReader;

/**
 * What the session filter needs of one index segment, read once from its {@code template} and
 * {@code owner} doc values: the documents with the public template (a bitset), each other
 * document's template, and the documents of each owner that are neither public nor of an unknown
 * template (the only ones a session may read besides public ones). Per region it keeps the public
 * documents not blocked there ({@link RegionDocs}), shared by every session of the region until
 * the region's blacklist changes. Deleted documents are included: Lucene skips them before any
 * filter sees them. Segments never change; {@link AccessCaches} drops a segment when it closes.
 *
 * <p>Runtime code: the decode and what is cached are the runtime's, and task code gets reads only. The shared
 * public set reaches it as a {@link ReadableDocsIterator} or as a copy, an owner's documents as a copy, and a
 * region's documents are cached only when built from the very segment reader that was decoded (a leaf a task
 * wrapped gets them built for its one use).
 */
public final class SegmentAccess {

    /** Regions remembered per segment; a deployment has a handful. */
    private static final int MAX_REGIONS = 64;

    private final FixedBitSet publicDocs;
    private final int publicCount;
    /** By document: its template, or null for a document without one (never readable). */
    private final AccessTemplate[] templateOfDoc;
    /** By owner: the documents a session other than public readers might read, ascending. */
    private final Map<String, int[]> personalDocsByOwner;
    private final boolean hasFriendOfFriend;
    /** The core key of the runtime's segment this was decoded from and is cached for; null when decoded for one use. */
    private final IndexReader.CacheKey core;
    private final Map<String, RegionDocs> regions = new ConcurrentHashMap<>();

    private SegmentAccess(IndexReader.CacheKey core, FixedBitSet publicDocs, AccessTemplate[] templateOfDoc,
                          Map<String, int[]> personalDocsByOwner, boolean hasFriendOfFriend) {
        this.core = core;
        this.publicDocs = publicDocs;
        this.publicCount = publicDocs.cardinality();
        this.templateOfDoc = templateOfDoc;
        this.personalDocsByOwner = personalDocsByOwner;
        this.hasFriendOfFriend = hasFriendOfFriend;
    }

    int maxDoc() {
        return publicDocs.length();
    }

    /** The template of a document, or null if it has none. */
    public AccessTemplate templateOf(int doc) {
        return templateOfDoc[doc];
    }

    /** The documents of {@code owner} that are not public (and of a standard template), ascending: a copy. */
    public int[] personalDocs(String owner) {
        int[] docs = personalDocsByOwner.get(owner);
        return docs == null ? new int[0] : docs.clone();
    }

    /** Whether a document has the friend-of-friend template (only then are friends' friends looked up). */
    public boolean hasFriendOfFriend() {
        return hasFriendOfFriend;
    }

    /**
     * The documents of this segment (read through {@code reader}, the leaf being searched: the one
     * decoded first may have been closed since) whose conduit id is {@code id}.
     */
    public static void docsWithId(LeafReader reader, String id, DocConsumer consumer) throws IOException {
        Terms ids = reader.terms(IndexFields.ID);
        if (ids == null) {
            return;
        }
        TermsEnum te = ids.iterator();
        if (te.seekExact(new BytesRef(id))) {
            PostingsEnum docs = te.postings(null, PostingsEnum.NONE);
            for (int d = docs.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = docs.nextDoc()) {
                consumer.accept(d);
            }
        }
    }

    @FunctionalInterface
    public interface DocConsumer {
        void accept(int doc) throws IOException;
    }

    /**
     * The region's public documents not blocked there, built once per blacklist from {@code reader}, the leaf being
     * searched. Cached only when {@code reader} is a runtime reader of the segment this was decoded from: the ids
     * that decide what is blocked are read through it.
     */
    public RegionDocs region(LeafReader reader, String region, Blacklist blacklist) throws IOException {
        if (core != null && !isReaderOf(reader, core)) {
            return new RegionDocs(reader, blacklist);
        }
        String key = region == null ? "" : region;
        RegionDocs known = regions.get(key);
        if (known == null || known.blacklist != blacklist) {
            known = new RegionDocs(reader, blacklist);
            if (regions.size() >= MAX_REGIONS) {
                // A caller naming ever new regions must not grow memory without bound: start over.
                regions.clear();
            }
            regions.put(key, known);
        }
        return known;
    }

    private static boolean isReaderOf(LeafReader reader, IndexReader.CacheKey core) {
        IndexReader.CacheHelper helper = reader.getCoreCacheHelper();
        return helper != null && helper.getKey() == core && TaskReader.isRuntimeSegment(reader);
    }

    /**
     * The documents of one segment blocked for a region (a censored template and {@code blocked(R,
     * id)}) and the public documents readable there: the part of every session's readable set that
     * does not depend on who the session is. Never modified once built; the set itself never leaves it.
     */
    public final class RegionDocs {
        private final Blacklist blacklist;
        /** Public documents not blocked: shared, never modified. */
        private final FixedBitSet readablePublic;
        private final int readablePublicCount;
        /** Censored documents blocked in the region; empty when nothing is. */
        private final FixedBitSet blocked;

        private RegionDocs(LeafReader reader, Blacklist blacklist) throws IOException {
            this.blacklist = blacklist;
            FixedBitSet blockedHere = null;
            for (String id : blacklist.ids()) {
                FixedBitSet[] found = {blockedHere};
                docsWithId(reader, id, doc -> {
                    AccessTemplate template = templateOfDoc[doc];
                    if (template != null && template.censored()) {
                        if (found[0] == null) {
                            found[0] = new FixedBitSet(maxDoc());
                        }
                        found[0].set(doc);
                    }
                });
                blockedHere = found[0];
            }
            this.blocked = blockedHere;
            if (blockedHere == null) {
                this.readablePublic = publicDocs;
                this.readablePublicCount = publicCount;
            } else {
                FixedBitSet readable = publicDocs.clone();
                readable.andNot(blockedHere);
                this.readablePublic = readable;
                this.readablePublicCount = readable.cardinality();
            }
        }

        public boolean isBlocked(int doc) {
            return blocked != null && blocked.get(doc);
        }

        /** How many public documents are readable in the region. */
        public int readablePublicCount() {
            return readablePublicCount;
        }

        /** The public documents readable in the region, read-only: the shared set itself. */
        public ReadableDocsIterator readablePublic() {
            return new ReadableDocsIterator(readablePublic, readablePublicCount);
        }

        /** A copy of the public documents readable in the region, for a session to add its own to. */
        public FixedBitSet copyOfReadablePublic() {
            return readablePublic.clone();
        }
    }

    /** Decodes {@code reader}'s access fields, for the runtime segment {@code core} (cached) or for one use (null). */
    static SegmentAccess decode(LeafReader reader, IndexReader.CacheKey core) throws IOException {
        int maxDoc = reader.maxDoc();
        SortedDocValues templates = DocValues.getSorted(reader, IndexFields.TEMPLATE);
        AccessTemplate[] templateByOrd = new AccessTemplate[templates.getValueCount()];
        TermsEnum names = templates.termsEnum();
        int ord = 0;
        for (BytesRef name = names.next(); name != null; name = names.next()) {
            templateByOrd[ord++] = AccessTemplate.parse(name.utf8ToString());
        }
        SortedDocValues owners = DocValues.getSorted(reader, IndexFields.OWNER);
        String[] ownerByOrd = new String[owners.getValueCount()];
        TermsEnum ownerNames = owners.termsEnum();
        ord = 0;
        for (BytesRef name = ownerNames.next(); name != null; name = ownerNames.next()) {
            ownerByOrd[ord++] = name.utf8ToString();
        }
        FixedBitSet publicDocs = new FixedBitSet(Math.max(1, maxDoc));
        AccessTemplate[] templateOfDoc = new AccessTemplate[maxDoc];
        Map<String, List<Integer>> byOwner = new HashMap<>();
        boolean fof = false;
        for (int doc = templates.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = templates.nextDoc()) {
            AccessTemplate template = templateByOrd[templates.ordValue()];
            templateOfDoc[doc] = template;
            if (template.base().equals("public")) {
                publicDocs.set(doc);
                continue;
            }
            if (template.base().equals(AccessTemplate.OTHER) || !owners.advanceExact(doc)) {
                continue;
            }
            fof |= template.base().equals("fof");
            byOwner.computeIfAbsent(ownerByOrd[owners.ordValue()], o -> new ArrayList<>()).add(doc);
        }
        Map<String, int[]> personal = new HashMap<>(byOwner.size() * 2);
        byOwner.forEach((owner, docs) -> personal.put(owner, docs.stream().mapToInt(Integer::intValue).toArray()));
        return new SegmentAccess(core, publicDocs, templateOfDoc, personal, fof);
    }
}
