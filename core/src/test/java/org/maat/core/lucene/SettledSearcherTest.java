package org.maat.core.lucene;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.LRUQueryCache;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.UsageTrackingQueryCachingPolicy;
import org.apache.lucene.search.similarities.ClassicSimilarity;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.Test;

/** A searcher task code holds keeps the runtime's similarity, (no) query cache, caching policy and timeout. */
class SettledSearcherTest {

    @Test
    void noSettingChangesOnceTheSearcherIsMade() throws IOException {
        try (ByteBuffersDirectory dir = new ByteBuffersDirectory()) {
            try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig())) {
                Document doc = new Document();
                doc.add(new TextField("body", "budget debate", Field.Store.NO));
                writer.addDocument(doc);
            }
            try (DirectoryReader reader = DirectoryReader.open(dir)) {
                SettledSearcher searcher = new SettledSearcher(reader, IndexSearcher.getDefaultSimilarity(), null);
                assertThatThrownBy(() -> searcher.setSimilarity(new ClassicSimilarity()))
                        .isInstanceOf(UnsupportedOperationException.class);
                assertThatThrownBy(() -> searcher.setQueryCache(new LRUQueryCache(10, 1 << 20)))
                        .isInstanceOf(UnsupportedOperationException.class);
                assertThatThrownBy(() -> searcher.setQueryCachingPolicy(new UsageTrackingQueryCachingPolicy()))
                        .isInstanceOf(UnsupportedOperationException.class);
                assertThatThrownBy(() -> searcher.setTimeout(() -> true))
                        .isInstanceOf(UnsupportedOperationException.class);
                assertThat(searcher.getSimilarity()).isSameAs(IndexSearcher.getDefaultSimilarity());
                assertThat(searcher.getQueryCache()).isNull();
                assertThat(searcher.count(new TermQuery(new Term("body", "budget")))).isEqualTo(1);
            }
        }
    }
}
