package org.maat.core.search;

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
 * filter sees them. Segments never change; {@link Cache} drops a segment when it closes.
 */
final class SegmentAccess {

    /** Regions remembered per segment; a deployment has a handful. */
    private static final int MAX_REGIONS = 64;
    private static final int[] NO_DOCS = new int[0];

    private final FixedBitSet publicDocs;
    private final int publicCount;
    /** By document: its template, or null for a document without one (never readable). */
    private final AccessTemplate[] templateOfDoc;
    /** By owner: the documents a session other than public readers might read, ascending. */
    private final Map<String, int[]> personalDocsByOwner;
    private final boolean hasFriendOfFriend;
    private final Map<String, RegionDocs> regions = new ConcurrentHashMap<>();

    private SegmentAccess(FixedBitSet publicDocs, AccessTemplate[] templateOfDoc,
                          Map<String, int[]> personalDocsByOwner, boolean hasFriendOfFriend) {
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
    AccessTemplate templateOf(int doc) {
        return templateOfDoc[doc];
    }

    /** The documents of {@code owner} that are not public (and of a standard template), ascending. */
    int[] personalDocs(String owner) {
        return personalDocsByOwner.getOrDefault(owner, NO_DOCS);
    }

    /** Whether a document has the friend-of-friend template (only then are friends' friends looked up). */
    boolean hasFriendOfFriend() {
        return hasFriendOfFriend;
    }

    /**
     * The documents of this segment (read through {@code reader}, the leaf being searched: the one
     * decoded first may have been closed since) whose conduit id is {@code id}.
     */
    static void docsWithId(LeafReader reader, String id, DocConsumer consumer) throws IOException {
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
    interface DocConsumer {
        void accept(int doc) throws IOException;
    }

    /** The region's public documents not blocked there, built once per blacklist. */
    RegionDocs region(LeafReader reader, String region, Blacklist blacklist) throws IOException {
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

    /**
     * The documents of one segment blocked for a region (a censored template and {@code blocked(R,
     * id)}) and the public documents readable there: the part of every session's readable set that
     * does not depend on who the session is. Never modified once built.
     */
    final class RegionDocs {
        private final Blacklist blacklist;
        /** Public documents not blocked: shared, never modified. */
        final FixedBitSet readablePublic;
        final int readablePublicCount;
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

        boolean isBlocked(int doc) {
            return blocked != null && blocked.get(doc);
        }
    }

    /** Decoded segments by core key. Thread-safe. */
    static final class Cache {
        private final Map<IndexReader.CacheKey, SegmentAccess> byCore = new ConcurrentHashMap<>();

        SegmentAccess of(LeafReader reader) throws IOException {
            IndexReader.CacheHelper helper = reader.getCoreCacheHelper();
            // Only a segment the runtime opened is decoded into the cache every session shares: any other leaf
            // (a wrapper a task made, which can report a real segment's key over doc values of its choosing) is
            // decoded for that one use.
            if (helper == null || !TaskReader.isRuntimeSegment(reader)) {
                return decode(reader);
            }
            SegmentAccess known = byCore.get(helper.getKey());
            if (known == null) {
                known = decode(reader);
                if (byCore.putIfAbsent(helper.getKey(), known) == null) {
                    helper.addClosedListener(byCore::remove);
                } else {
                    known = byCore.get(helper.getKey());
                }
            }
            return known;
        }

        /** The segments decoded and still open (for tests: a closed segment must be dropped). */
        int size() {
            return byCore.size();
        }
    }

    private static SegmentAccess decode(LeafReader reader) throws IOException {
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
        return new SegmentAccess(publicDocs, templateOfDoc, personal, fof);
    }
}
