package org.maat.core.search;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.util.BytesRef;
import org.maat.core.index.AccessTemplate;
import org.maat.core.index.IndexFields;

/**
 * The access doc values of one index segment decoded once (template, owner and id of every
 * ordinal), so checking a candidate hit costs array reads and a hash lookup, not a compressed
 * term-dictionary lookup per hit. Segments never change; the cache drops a segment when it closes.
 */
final class DecodedLeaf {

    final AccessTemplate[] templateByOrd;
    final String[] ownerByOrd;
    final String[] idByOrd;

    private DecodedLeaf(AccessTemplate[] templateByOrd, String[] ownerByOrd, String[] idByOrd) {
        this.templateByOrd = templateByOrd;
        this.ownerByOrd = ownerByOrd;
        this.idByOrd = idByOrd;
    }

    /** Decoded segments by core key. */
    static final class Cache {
        private final Map<IndexReader.CacheKey, DecodedLeaf> byCore = new ConcurrentHashMap<>();

        DecodedLeaf of(LeafReader reader) throws IOException {
            IndexReader.CacheHelper helper = reader.getCoreCacheHelper();
            if (helper == null) {
                return decode(reader);
            }
            DecodedLeaf known = byCore.get(helper.getKey());
            if (known == null) {
                known = decode(reader);
                if (byCore.putIfAbsent(helper.getKey(), known) == null) {
                    helper.addClosedListener(byCore::remove);
                }
            }
            return known;
        }
    }

    private static DecodedLeaf decode(LeafReader reader) throws IOException {
        String[] templates = strings(DocValues.getSorted(reader, IndexFields.TEMPLATE));
        AccessTemplate[] parsed = new AccessTemplate[templates.length];
        for (int i = 0; i < templates.length; i++) {
            parsed[i] = AccessTemplate.parse(templates[i]);
        }
        return new DecodedLeaf(parsed, strings(DocValues.getSorted(reader, IndexFields.OWNER)),
                strings(DocValues.getSorted(reader, IndexFields.ID)));
    }

    private static String[] strings(SortedDocValues values) throws IOException {
        String[] byOrd = new String[values.getValueCount()];
        TermsEnum terms = values.termsEnum();
        int ord = 0;
        for (BytesRef term = terms.next(); term != null; term = terms.next()) {
            byOrd[ord++] = term.utf8ToString();
        }
        return byOrd;
    }
}
