package org.maat.core.task;

/**
 * An indexer task's entry that {@link IndexEntryCheck} refused. Its text is written by the runtime alone: it names
 * the document (by its id in the store) and which field of the index format broke the rule, never a value the entry
 * held. The indexing run it happened in publishes nothing.
 */
public final class IndexEntryRefusedException extends RuntimeException {

    private final String documentId;
    private final String field;

    IndexEntryRefusedException(String documentId, String field, String reason) {
        super((documentId == null ? "an index entry" : "the index entry of document " + documentId) + " was refused: "
                + reason
                + " (an entry holds only its own document's content); nothing is published");
        this.documentId = documentId;
        this.field = field;
        // Only the index entry check makes one (the constructor is this package's): a runtime failure the indexing
        // boundary lets through as a copy.
        RuntimeFailures.vouch(this, () -> new IndexEntryRefusedException(documentId, field, reason));
    }

    /** The id of the document whose entry was refused, or {@code null} for an entry of no document the task was given. */
    public String documentId() {
        return documentId;
    }

    /** The index format's name of the field that broke the rule, or {@code null} for a field outside the format. */
    public String field() {
        return field;
    }
}
