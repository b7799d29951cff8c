package org.maat.core.review;

import java.io.IOException;
import org.apache.lucene.index.DocValuesType;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.StoredFieldVisitor;
import org.apache.lucene.search.IndexSearcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.index.IndexFields;
import org.maat.core.search.Retrieval;

/**
 * Review attack on "objects Lucene's shared segment readers hand out": {@code ReadOnlyLeafReader.getFieldInfos()}
 * now hands out fresh copies, but the segment's stored-fields reader still hands a task the segment's own
 * {@link FieldInfo}s, as the arguments of a {@link StoredFieldVisitor}'s callbacks ({@code needsField},
 * {@code stringField}, ...): {@code leaf.reader().storedFields()} is the raw segment's, and the compressing
 * stored-fields reader was built over the segment core's {@code FieldInfos}, the same objects the raw
 * {@code SegmentReader.getFieldInfos()} returns and {@code CodecReader.getSortedDocValues} consults. No rule on task
 * code forbids a visitor or {@code FieldInfo.setDocValuesType} (plain API: no reflection, listener, static field).
 *
 * <p>A buggy task of u1 sets the {@code id} field's doc-values type to {@code NONE} (one bit of a title) or back to
 * {@code SORTED}; u2's ordinary searches then fail or succeed, and u2 spells out the title of a document neither may
 * read: in process and at an in-process shard.
 */
class SharedFieldInfoThroughStoredFieldsTest {

    @RegisterExtension
    static final ReviewIndex review = new ReviewIndex(400, 28);

    /**
     * The buggy work on one shard: the raw {@code FieldInfo} of the id field, as the stored-fields reader passes it
     * to a visitor, says {@code NONE} for bit 1 and {@code SORTED} again for bit 0.
     */
    private static void flipIdDocValues(IndexSearcher searcher, boolean bit) throws IOException {
        for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
            if (leaf.reader().maxDoc() == 0) {
                continue;
            }
            leaf.reader().storedFields().document(0, new StoredFieldVisitor() {
                @Override
                public Status needsField(FieldInfo info) {
                    if (info.getName().equals(IndexFields.ID)) {
                        info.setDocValuesType(bit ? DocValuesType.NONE : DocValuesType.SORTED); // the segment's own
                        return Status.STOP;
                    }
                    return Status.NO;
                }
            });
        }
    }

    @Test
    void aBuggySearchTaskCannotSpellAPrivateTitleThroughTheFieldInfosAStoredFieldVisitorIsGiven() throws IOException {
        IdDocValuesSpelling.assertCannotSpellInProcess(review, SharedFieldInfoThroughStoredFieldsTest::flipIdDocValues);
    }

    /** The same at an in-process shard through a buggy {@link Retrieval}; u2 searches with the standard components. */
    @Test
    void aShardsBuggyRetrievalCannotSpellAPrivateTitleThroughTheFieldInfosAStoredFieldVisitorIsGiven()
            throws IOException {
        IdDocValuesSpelling.assertCannotSpellAtShard(review, SharedFieldInfoThroughStoredFieldsTest::flipIdDocValues);
    }
}
