package org.maat.core.index;

import org.maat.core.task.LabelledDocument;

/** Turns a labelled document into the Lucene document an indexer writes. */
@FunctionalInterface
public interface DocumentMapper {

    org.apache.lucene.document.Document map(LabelledDocument document);

    /** The fields of {@link IndexFields}, owner and template copied from the conduit. */
    static DocumentMapper standard() {
        return IndexFields::document;
    }
}
