package org.maat.core.index;

import java.io.IOException;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexWriter;

/** What {@code CheckedIndexSinkTest}'s rule exists to catch: task code that writes entries to a writer itself. */
public final class WriterHoldingTask {

    private WriterHoldingTask() {
    }

    public static void sneak(IndexWriter writer, Document entry) throws IOException {
        writer.addDocument(entry);
    }
}
