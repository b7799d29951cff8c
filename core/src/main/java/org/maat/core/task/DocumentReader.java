package org.maat.core.task;

import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.function.Consumer;
import org.maat.core.conduit.ConduitStore;
import org.maat.core.conduit.CorruptRecordException;
import org.maat.core.conduit.Document;
import org.maat.core.conduit.DocumentScan;
import org.maat.core.conduit.ScanMode;
import org.maat.policy.Conduit;
import org.maat.policy.ConduitCatalog;

/**
 * A task's only way to document conduits: every document is returned only after the gate has seen
 * its read (a confined task is tainted with the document's policy, an unconfined one is refused
 * unless its session may read it). A document without a conduit in the catalog has no known policy
 * and is never returned.
 */
public final class DocumentReader {

    private final AccessGate gate;
    private final ConduitCatalog catalog;
    private final ConduitStore store;
    private final ScanMode badRecords;
    private final Consumer<CorruptRecordException> skipped;
    private final IndexEntryCheck issuedTo;

    /** A reader whose scans stop at the first damaged record. */
    public DocumentReader(AccessGate gate, ConduitCatalog catalog, ConduitStore store) {
        this(gate, catalog, store, ScanMode.STRICT, bad -> { });
    }

    /** A reader whose scans treat damaged records as {@code badRecords} says, reporting skipped ones. */
    public DocumentReader(AccessGate gate, ConduitCatalog catalog, ConduitStore store, ScanMode badRecords,
                          Consumer<CorruptRecordException> skipped) {
        this(gate, catalog, store, badRecords, skipped, null);
    }

    private DocumentReader(AccessGate gate, ConduitCatalog catalog, ConduitStore store, ScanMode badRecords,
                           Consumer<CorruptRecordException> skipped, IndexEntryCheck issuedTo) {
        this.gate = Objects.requireNonNull(gate, "gate");
        this.catalog = Objects.requireNonNull(catalog, "catalog");
        this.store = Objects.requireNonNull(store, "store");
        this.badRecords = Objects.requireNonNull(badRecords, "badRecords");
        this.skipped = Objects.requireNonNull(skipped, "skipped");
        this.issuedTo = issuedTo;
    }

    /**
     * This reader for an indexer task: every document it returns is {@linkplain IndexEntryCheck#issue issued} to
     * {@code entries}, so the task's index sink admits an entry only of a document read here.
     */
    public DocumentReader issuingTo(IndexEntryCheck entries) {
        return new DocumentReader(gate, catalog, store, badRecords, skipped, Objects.requireNonNull(entries, "entries"));
    }

    private LabelledDocument handOut(Conduit conduit, Document document) {
        LabelledDocument labelled = new LabelledDocument(conduit, document);
        return issuedTo == null ? labelled : issuedTo.issue(labelled);
    }

    /** The store's id space: documents stored, removed ones included ({@link ConduitStore#size()}). */
    public long size() {
        return store.size();
    }

    /** The document with conduit id {@code id}. */
    public LabelledDocument read(String id) {
        Conduit conduit = conduit(id);
        gate.read(conduit);
        Document document;
        try {
            document = store.get(id).orElseThrow(() -> new IllegalArgumentException(
                    "conduit " + id + " has no document in " + store.dir()));
        } catch (CorruptRecordException damaged) {
            throw vouched(damaged);
        }
        return handOut(conduit, document);
    }

    /** A damaged record met while reading for the task: a runtime failure, which an indexing boundary names. */
    private static CorruptRecordException vouched(CorruptRecordException damaged) {
        return RuntimeFailures.vouch(damaged, damaged::copy);
    }

    /** Every document in id order; each is read through the gate as it is returned. Close the scan. */
    public Scan scan() {
        return new Scan(store.scan(0, store.size(), badRecords, skipped));
    }

    private Conduit conduit(String id) {
        return catalog.find(id).orElseThrow(() -> new IllegalArgumentException(
                "document " + id + " has no conduit in the policy store, so its policy is unknown"));
    }

    /** A pass over the store whose documents reach the task only through the gate. */
    public final class Scan implements Iterator<LabelledDocument>, AutoCloseable {
        private final DocumentScan scan;

        private Scan(DocumentScan scan) {
            this.scan = scan;
        }

        @Override
        public boolean hasNext() {
            try {
                return scan.hasNext();
            } catch (CorruptRecordException damaged) {
                throw vouched(damaged);
            }
        }

        @Override
        public LabelledDocument next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            Document document;
            try {
                document = scan.next();
            } catch (CorruptRecordException damaged) {
                throw vouched(damaged);
            }
            Conduit conduit = conduit(document.id());
            gate.read(conduit);
            return handOut(conduit, document);
        }

        @Override
        public void close() {
            scan.close();
        }
    }
}
