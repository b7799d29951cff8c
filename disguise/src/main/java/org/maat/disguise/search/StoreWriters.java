package org.maat.disguise.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Objects;
import org.maat.core.conduit.ConduitStoreEditor;
import org.maat.core.runtime.IndexUpdate;

/**
 * The writers one {@link SearchPlan} needs, opened with their locks before its journal entry is
 * committed: the conduit store's editor if the plan removes or restores documents, the index update
 * if it changes the index. Whatever can refuse a change while the disks are fine (another editor of
 * the conduit store, a running {@code maat index} holding the index's label store, an index of
 * another kind) refuses in {@link #open}, while nothing has changed yet; the policy store (held by the
 * data set), the accounts file, the roles file and the profile directories take no lock. Not thread-safe.
 */
final class StoreWriters implements AutoCloseable {

    /** Null when the plan leaves the conduit store alone. */
    private final ConduitStoreEditor documents;
    /** Null when the plan leaves the index alone. */
    private final IndexUpdate index;

    private StoreWriters(ConduitStoreEditor documents, IndexUpdate index) {
        this.documents = documents;
        this.index = index;
    }

    /** Opens every writer {@code plan} needs, or none: a writer that cannot be opened closes the others. */
    static StoreWriters open(SearchData stores, SearchPlan plan) throws IOException {
        ConduitStoreEditor editor = plan.removeDocuments().isEmpty() && plan.restoreDocuments().isEmpty()
                ? null : stores.data().editDocuments();
        try {
            IndexUpdate update = plan.unindex().isEmpty() && plan.index().isEmpty()
                    ? null : IndexUpdate.open(stores.data(), stores.index(), stores.monitoring());
            return new StoreWriters(editor, update);
        } catch (IOException | RuntimeException e) {
            closeAfter(editor, e);
            throw e;
        }
    }

    /** The conduit store's editor; only for a plan that removes or restores documents. */
    ConduitStoreEditor documents() {
        return Objects.requireNonNull(documents, "the plan was opened without documents to change");
    }

    /** The index update; only for a plan that changes the index. */
    IndexUpdate index() {
        return Objects.requireNonNull(index, "the plan was opened without index changes");
    }

    /** Closes the writers after {@code failure}, adding any failure to close to it. */
    void closeAfter(Throwable failure) {
        closeAfter(index, failure);
        closeAfter(documents, failure);
    }

    private static void closeAfter(AutoCloseable writer, Throwable failure) {
        if (writer == null) {
            return;
        }
        try {
            writer.close();
        } catch (Exception e) {
            failure.addSuppressed(e);
        }
    }

    /** Releases the locks; changes not committed or published are dropped. */
    @Override
    public void close() {
        try {
            try {
                if (index != null) {
                    index.close();
                }
            } finally {
                if (documents != null) {
                    documents.close();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot release the conduit store or the index: " + e.getMessage(), e);
        }
    }
}
