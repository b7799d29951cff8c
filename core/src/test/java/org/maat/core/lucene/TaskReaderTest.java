package org.maat.core.lucene;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Random;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.IntPoint;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.index.PointValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.FixedBitSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Attacks on {@link TaskReader}: a task holding it tries to change, through what it hands out, what a later search
 * of the same raw reader sees (term bounds, live docs, point bounds), or to reach the raw reader; and the view must
 * number documents exactly as the raw reader does. A random index (fixed seed) of several segments with deletions.
 */
class TaskReaderTest {

    private Directory dir;
    private DirectoryReader raw;
    private TaskReader view;

    @BeforeEach
    void index() throws IOException {
        dir = new ByteBuffersDirectory();
        Random random = new Random(28);
        IndexWriterConfig config = new IndexWriterConfig();
        config.setMaxBufferedDocs(7); // several segments, kept with their deletions
        config.setMergePolicy(NoMergePolicy.INSTANCE);
        try (IndexWriter writer = new IndexWriter(dir, config)) {
            for (int i = 0; i < 60; i++) {
                Document doc = new Document();
                doc.add(new StringField("id", "d" + i, Field.Store.YES));
                doc.add(new TextField("body", "word" + random.nextInt(40) + " zebra" + i % 5, Field.Store.NO));
                doc.add(new IntPoint("n", random.nextInt(1000)));
                writer.addDocument(doc);
            }
            for (int i = 0; i < 60; i += 3) {
                writer.deleteDocuments(new Term("id", "d" + i));
            }
        }
        raw = DirectoryReader.open(dir);
        view = TaskReader.over(raw);
    }

    @AfterEach
    void close() throws IOException {
        view.close();
        raw.close();
        dir.close();
    }

    private static List<String> ids(IndexSearcher searcher, String term) throws IOException {
        TopDocs top = searcher.search(new TermQuery(new Term("body", term)), 100);
        return java.util.Arrays.stream(top.scoreDocs).map(sd -> {
            try {
                return searcher.storedFields().document(sd.doc).get("id") + "@" + sd.doc;
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }).toList();
    }

    @Test
    void overwritingTheTermBoundsAViewHandsOutChangesNoLaterSearch() throws IOException {
        IndexSearcher rawSearcher = new IndexSearcher(raw);
        List<String> before = ids(rawSearcher, "zebra3");
        assertThat(before).isNotEmpty();
        for (LeafReaderContext leaf : view.leaves()) {
            Terms body = leaf.reader().terms("body");
            for (BytesRef bound : new BytesRef[] {body.getMax(), body.getMin()}) {
                BytesRef a = new BytesRef("a");
                bound.bytes = a.bytes;
                bound.offset = a.offset;
                bound.length = a.length;
            }
        }
        assertThat(ids(rawSearcher, "zebra3")).isEqualTo(before);
        assertThat(ids(new IndexSearcher(view), "zebra3")).isEqualTo(before);
        for (int i = 0; i < view.leaves().size(); i++) {
            assertThat(view.leaves().get(i).reader().terms("body").getMax())
                    .isEqualTo(raw.leaves().get(i).reader().terms("body").getMax());
        }
    }

    @Test
    void liveDocsAreAReadOnlyViewThatAgreesWithTheSegment() {
        boolean sawDeletions = false;
        for (int i = 0; i < view.leaves().size(); i++) {
            Bits rawLive = raw.leaves().get(i).reader().getLiveDocs();
            Bits live = view.leaves().get(i).reader().getLiveDocs();
            if (rawLive == null) {
                assertThat(live).isNull();
                continue;
            }
            sawDeletions = true;
            assertThat(live).isNotInstanceOf(FixedBitSet.class).isNotSameAs(rawLive);
            assertThat(live.length()).isEqualTo(rawLive.length());
            for (int d = 0; d < live.length(); d++) {
                assertThat(live.get(d)).isEqualTo(rawLive.get(d));
            }
        }
        assertThat(sawDeletions).isTrue();
    }

    @Test
    void overwritingThePointBoundsAViewHandsOutChangesNotTheSegments() throws IOException {
        for (int i = 0; i < view.leaves().size(); i++) {
            PointValues points = view.leaves().get(i).reader().getPointValues("n");
            PointValues rawPoints = raw.leaves().get(i).reader().getPointValues("n");
            byte[] rawMin = rawPoints.getMinPackedValue().clone();
            byte[] rawMax = rawPoints.getMaxPackedValue().clone();
            java.util.Arrays.fill(points.getMinPackedValue(), (byte) 0x7f);
            java.util.Arrays.fill(points.getMaxPackedValue(), (byte) 0);
            assertThat(rawPoints.getMinPackedValue()).isEqualTo(rawMin);
            assertThat(rawPoints.getMaxPackedValue()).isEqualTo(rawMax);
            assertThat(points.getMinPackedValue()).isEqualTo(rawMin);
            assertThat(points.size()).isEqualTo(rawPoints.size());
        }
        IndexSearcher searcher = new IndexSearcher(view);
        assertThat(searcher.count(IntPoint.newRangeQuery("n", 0, 1000)))
                .isEqualTo(new IndexSearcher(raw).count(IntPoint.newRangeQuery("n", 0, 1000)));
    }

    @Test
    void theViewNumbersDocumentsAsTheRawReaderAndSharesItsCacheKeys() throws IOException {
        assertThat(view.leaves()).hasSameSizeAs(raw.leaves());
        assertThat(view.maxDoc()).isEqualTo(raw.maxDoc());
        assertThat(view.numDocs()).isEqualTo(raw.numDocs());
        assertThat(view.getReaderCacheHelper().getKey()).isSameAs(raw.getReaderCacheHelper().getKey());
        for (int i = 0; i < raw.leaves().size(); i++) {
            LeafReaderContext r = raw.leaves().get(i);
            LeafReaderContext v = view.leaves().get(i);
            assertThat(v.docBase).isEqualTo(r.docBase);
            assertThat(v.ord).isEqualTo(r.ord);
            assertThat(v.reader().getCoreCacheHelper().getKey()).isSameAs(r.reader().getCoreCacheHelper().getKey());
        }
        for (int t = 0; t < 40; t++) {
            assertThat(ids(new IndexSearcher(view), "word" + t)).isEqualTo(ids(new IndexSearcher(raw), "word" + t));
        }
        ScoreDoc[] a = new IndexSearcher(view).search(new TermQuery(new Term("body", "zebra1")), 100).scoreDocs;
        ScoreDoc[] b = new IndexSearcher(raw).search(new TermQuery(new Term("body", "zebra1")), 100).scoreDocs;
        assertThat(a.length).isEqualTo(b.length);
        for (int i = 0; i < a.length; i++) {
            assertThat(a[i].doc).isEqualTo(b[i].doc);
            assertThat(a[i].score).isEqualTo(b[i].score);
        }
    }

    /** No public method without arguments of the view, its leaves or their terms returns a reader or the raw one. */
    @Test
    void noPublicGetterLeadsBackToTheRawReaders() throws Exception {
        LeafReader leaf = view.leaves().get(0).reader();
        Terms terms = leaf.terms("body");
        for (Object o : new Object[] {view, leaf, terms, leaf.getLiveDocs() == null
                ? view.leaves().stream().map(c -> c.reader().getLiveDocs()).filter(b -> b != null).findFirst().get()
                : leaf.getLiveDocs(), leaf.getPointValues("n")}) {
            for (Method m : o.getClass().getMethods()) {
                if (m.getParameterCount() != 0 || Modifier.isStatic(m.getModifiers()) || m.getReturnType().isPrimitive()
                        || m.getName().equals("getClass") || m.getName().equals("getContext")
                        || m.getName().equals("leaves") || m.getName().equals("iterator")
                        || m.getName().equals("getPointTree")) {
                    continue;
                }
                m.setAccessible(true);
                Object result = m.invoke(o);
                if (result == null) {
                    continue;
                }
                assertThat(result).as("%s.%s()", o.getClass().getSimpleName(), m.getName())
                        .isNotInstanceOf(IndexReader.class)
                        .isNotSameAs(raw.leaves().get(0).reader().getLiveDocs())
                        .isNotSameAs(raw.leaves().get(0).reader().terms("body"));
            }
        }
        assertThat(leaf).isNotInstanceOf(org.apache.lucene.index.FilterLeafReader.class);
        assertThat(view).isNotInstanceOf(org.apache.lucene.index.FilterDirectoryReader.class);
    }
}
