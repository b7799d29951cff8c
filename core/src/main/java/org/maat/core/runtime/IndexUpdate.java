package org.maat.core.runtime;

import java.io.IOException;
import java.util.Objects;
import org.maat.core.data.DataSet;
import org.maat.core.index.DocumentMapper;
import org.maat.core.index.DocumentUpdates;
import org.maat.core.index.IndexFields;
import org.maat.core.lucene.IndexLabelling;
import org.maat.core.lucene.IndexLabels;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.lucene.PublicationObserver;
import org.maat.core.lucene.PublishedIndex;
import org.maat.core.lucene.ShardWriters;
import org.maat.core.task.IndexEntryCheck;
import org.maat.core.task.LabelledDocument;
import org.maat.core.task.Monitoring;
import org.maat.core.task.TaskBoundary;
import org.maat.core.task.TaskGate;
import org.maat.policy.Session;
import org.maat.policy.monitor.TaskMode;

/**
 * The one way to change a published index in place: delete documents by conduit id and add (or
 * replace) documents, then {@link #publish} every changed shard at once. It runs as the sequential
 * indexer does ({@link IndexRun}): under the monitor, one confined task acting as
 * {@value IndexLabels#OWNER} whose every index file is opened and created through a
 * {@code PolicyDirectory} (a checked, labelled write), over the monitor of the caller's data set and
 * the index's label store; with {@link Monitoring#NONE}, plain Lucene published by the index's
 * no-policy record. Documents are mapped by the indexers' own code ({@link DocumentUpdates}), and every entry
 * crosses the indexers' {@link IndexEntryCheck}.
 *
 * <p>What it guarantees:
 * <ul>
 *   <li>Nothing is visible to searchers before {@link #publish}, which publishes the new commits of
 *       all shards with the labels of their files in one atomic step ({@link ShardWriters}): after a
 *       crash at any point searchers see exactly the index as last published, or the new one.</li>
 *   <li>Once published, no file of the published commit holds a deleted (or replaced) document: every
 *       segment that held one is rewritten without it, and the superseded files are deleted.</li>
 *   <li>The published document count is the number of live documents.</li>
 *   <li>Each added document's conduit is read into the task first (as {@code DocumentReader} does for
 *       the indexers): a document whose policy does not allow a flow into the index (a search
 *       history) is refused by the monitor at the first file it reaches, and nothing is published.</li>
 *   <li>Holds the label store's and the shards' write locks until {@link #close}: one update or rebuild
 *       of an index at a time. After any failure the update is abandoned (the published index stays as
 *       it was) and refuses further use.</li>
 * </ul>
 * Not thread-safe: one caller edits and publishes.
 */
public final class IndexUpdate implements AutoCloseable {

    private final IndexLabelling labels;
    private final TaskGate task;
    private final ShardWriters writers;
    private final DocumentUpdates updates;
    private final IndexEntryCheck entries;
    private boolean failed;
    private boolean closed;

    private IndexUpdate(IndexLabelling labels, TaskGate task, ShardWriters writers, IndexEntryCheck entries,
                        DocumentMapper mapper) {
        this.labels = labels;
        this.task = task;
        this.writers = writers;
        this.entries = entries;
        this.updates = new DocumentUpdates(mapper, writers.sink(entries));
    }

    /**
     * Opens the published index at {@code layout} for an update with the standard mapping, under the
     * monitor of {@code stores} (its policies, facts and conduits) or with none, as {@code monitoring}
     * says; an index is only updated as the kind it was built as.
     */
    public static IndexUpdate open(DataSet stores, IndexLayout layout, Monitoring monitoring) throws IOException {
        return open(stores, layout, monitoring, DocumentMapper.standard());
    }

    /** As {@link #open(DataSet, IndexLayout, Monitoring)} with {@code mapper} (fault-injection tests vary it). */
    public static IndexUpdate open(DataSet stores, IndexLayout layout, Monitoring monitoring, DocumentMapper mapper)
            throws IOException {
        Objects.requireNonNull(stores, "stores");
        IndexLabelling labels = IndexLabelling.forWriting(layout, monitoring);
        TaskGate task = null;
        try {
            task = monitoring.monitor(() -> TaskMonitor.over(stores, labels))
                    .open(Session.of(IndexLabels.OWNER), TaskMode.CONFINED);
            ShardWriters writers = ShardWriters.openPublished(layout, IndexFields.analyzer(), labels, task);
            return new IndexUpdate(labels, task, writers, IndexEntryCheck.ownersOf(stores.policies()), mapper);
        } catch (IOException | RuntimeException e) {
            if (task != null) {
                task.close();
            }
            labels.close();
            throw e;
        }
    }

    /** This update, telling {@code observer} each step of its publication (crash tests stop there). */
    public IndexUpdate observedBy(PublicationObserver observer) {
        writers.observedBy(observer);
        return this;
    }

    /** Whether the update runs under the monitor (false: a {@code --no-policy} index). */
    public boolean monitored() {
        return labels.monitored();
    }

    /** Deletes the document with conduit id {@code conduitId}, if the index holds it. */
    public void delete(String conduitId) throws IOException {
        Objects.requireNonNull(conduitId, "conduitId");
        run(() -> writers.delete(conduitId)); // the runtime's own delete, of the id its caller named: no task code
    }

    /**
     * Adds {@code document} with its conduit (owner, policy, template as they are now: an anonymized
     * document carries its pseudoprincipal as owner), replacing any document of the same id.
     */
    public void add(LabelledDocument document) throws IOException {
        if (!document.conduit().id().equals(document.document().id())) {
            throw new IllegalArgumentException("document " + document.document().id() + " comes with the conduit of "
                    + document.conduit().id());
        }
        run(() -> {
            task.read(document.conduit()); // the document reaches the task: taint first, as DocumentReader does
            updates.add(entries.issue(document)); // the document the caller gave: the one whose entry is admitted
        });
    }

    /**
     * Publishes the changes since the last publication in one atomic step and returns the published
     * state; the update stays open for more changes. Durable when it returns.
     */
    public PublishedIndex publish() throws IOException {
        PublishedIndex[] published = new PublishedIndex[1];
        run(() -> published[0] = writers.publishChanges());
        return published[0];
    }

    private interface Step {
        void run() throws IOException;
    }

    private void run(Step step) throws IOException {
        if (closed || failed) {
            throw new IllegalStateException("this index update is " + (closed ? "closed" : "abandoned after a failure"));
        }
        try {
            // Each step runs the update's task code (its mapper) as a confined task, as the indexing run does.
            TaskBoundary.indexing(task, "the index update").runWriting(() -> {
                step.run();
                return null;
            });
        } catch (IOException | RuntimeException | Error e) {
            failed = true;
            writers.abandon();
            throw e;
        }
    }

    /** Ends the update; changes not published are dropped, the published index stays as it was. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (!failed) {
                writers.abandon(); // rollback: unpublished changes never reach a commit
            }
        } finally {
            try {
                task.close();
            } finally {
                labels.close();
            }
        }
    }
}
