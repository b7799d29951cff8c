package org.maat.core.task;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FilterLeafReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.Terms;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.Test;
import org.maat.core.index.IndexFields;

/**
 * The runtime's access caches, which every search's filter is handed, take inputs from task code: whatever leaf a
 * task passes, what they keep for the next session is built from the runtime's own segment reader.
 */
class AccessCachesTest {

    /** A leaf over a real segment, with its core key, that hides every conduit id (a task's wrapper). */
    private static final class HidingIds extends FilterLeafReader {
        HidingIds(LeafReader in) {
            super(in);
        }

        @Override
        public Terms terms(String field) throws IOException {
            return field.equals(IndexFields.ID) ? null : super.terms(field);
        }

        @Override
        public CacheHelper getCoreCacheHelper() {
            return in.getCoreCacheHelper();
        }

        @Override
        public CacheHelper getReaderCacheHelper() {
            return null;
        }
    }

    @Test
    void aRegionsBlockedDocumentsBuiltThroughATasksLeafAreNotKeptForTheNextSearch() throws IOException {
        Random random = new Random(41);
        List<String> censored = new ArrayList<>();
        try (Directory directory = new ByteBuffersDirectory();
             IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig())) {
            for (int i = 0; i < 50; i++) {
                String template = random.nextBoolean() ? "public+censorship" : "public";
                if (template.endsWith("censorship")) {
                    censored.add("d" + i);
                }
                Document doc = new Document();
                doc.add(new StringField(IndexFields.ID, "d" + i, Field.Store.YES));
                doc.add(new SortedDocValuesField(IndexFields.ID, new BytesRef("d" + i)));
                doc.add(new SortedDocValuesField(IndexFields.OWNER, new BytesRef("u" + random.nextInt(5))));
                doc.add(new SortedDocValuesField(IndexFields.TEMPLATE, new BytesRef(template)));
                writer.addDocument(doc);
            }
            writer.commit();
            try (DirectoryReader reader = DirectoryReader.open(directory)) {
                LeafReader segment = reader.leaves().get(0).reader();
                AccessCaches caches = new AccessCaches();
                Blacklist blocked = new Blacklist(Set.copyOf(censored));
                assertThat(censored).isNotEmpty();

                SegmentAccess.RegionDocs forged = caches.segment(segment).region(new HidingIds(segment), "r0", blocked);
                assertThat(forged.readablePublicCount()).as("the task's own leaf blocks nothing").isEqualTo(50);

                SegmentAccess.RegionDocs next = caches.segment(segment).region(segment, "r0", blocked);
                assertThat(next.readablePublicCount()).as("the next search, through the runtime's reader")
                        .isEqualTo(50 - censored.size());
            }
        }
    }
}
