package org.maat.core.runtime;

import java.io.IOException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import org.maat.core.conduit.CorruptRecordException;
import org.maat.core.conduit.ScanMode;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.index.DocumentMapper;
import org.maat.core.index.IndexFields;
import org.maat.core.index.SequentialIndexer;
import org.maat.core.lucene.IndexLabelling;
import org.maat.core.lucene.IndexLabels;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.lucene.PublicationObserver;
import org.maat.core.lucene.PublishedIndex;
import org.maat.core.lucene.ShardWriters;
import org.maat.core.task.AccessGate;
import org.maat.core.task.AtRestFloorGate;
import org.maat.core.task.DocumentReader;
import org.maat.core.task.IndexEntryCheck;
import org.maat.core.task.Monitoring;
import org.maat.core.task.TaskBoundary;
import org.maat.core.task.TaskContext;
import org.maat.core.task.TaskGate;
import org.maat.policy.Session;
import org.maat.policy.monitor.TaskMode;

/**
 * Runs the sequential indexer over a data directory into an index directory: under the monitor as
 * one confined task acting as {@value IndexLabels#OWNER} (documents taint it, index files are
 * checked writes, labels are published with the commit), or as plain Lucene for the baseline. Both
 * run the same indexer code. A failed run leaves the previously published index as it was.
 */
public final class IndexRun {

    /** What a run did. */
    public record Report(long documents, int shards, long nanos, boolean monitored) {
    }

    /** An indexer's task code: given the task's context, adds every document to its sink and commits. */
    @FunctionalInterface
    public interface IndexerCode {
        long run(TaskContext ctx) throws IOException;
    }

    private final IndexerCode code;
    private final ScanMode badRecords;
    private final Consumer<CorruptRecordException> skipped;
    private final PublicationObserver observer;

    public IndexRun(DocumentMapper mapper) {
        this(ctx -> new SequentialIndexer(mapper).run(ctx), ScanMode.STRICT, bad -> { }, PublicationObserver.NONE);
    }

    private IndexRun(IndexerCode code, ScanMode badRecords, Consumer<CorruptRecordException> skipped,
                     PublicationObserver observer) {
        this.code = code;
        this.badRecords = badRecords;
        this.skipped = skipped;
        this.observer = observer;
    }

    /**
     * This run with {@code code} as the indexer's task code in place of the sequential indexer, under the same
     * boundary, sink and checks (the review attacks run buggy indexers through the real wiring this way).
     */
    public IndexRun runningCode(IndexerCode code) {
        return new IndexRun(code, badRecords, skipped, observer);
    }

    /** The standard indexer. */
    public static IndexRun standard() {
        return new IndexRun(DocumentMapper.standard());
    }

    /**
     * This run, treating a damaged record of the conduit store as {@code mode} says: stop the run
     * (the default; nothing is published), or report it to {@code skipped} and index the rest.
     */
    public IndexRun onBadRecord(ScanMode mode, Consumer<CorruptRecordException> skipped) {
        return new IndexRun(code, mode, skipped, observer);
    }

    /** This run, telling {@code observer} each step of the publication (crash tests stop there). */
    public IndexRun observedBy(PublicationObserver observer) {
        return new IndexRun(code, badRecords, skipped, observer);
    }

    /** Indexes {@code data} into {@code out} as {@code monitoring} says; {@code progress} is told documents indexed. */
    public Report run(DataDir data, IndexLayout out, int shards, Monitoring monitoring, LongConsumer progress)
            throws IOException {
        out.requireRebuildableAs(monitoring); // before the data directory is opened
        long start = System.nanoTime();
        Session session = Session.of(IndexLabels.OWNER);
        try (DataSet stores = DataSet.open(data);
             IndexLabelling labels = IndexLabelling.forWriting(out, monitoring);
             TaskGate task = monitoring.monitor(() -> TaskMonitor.over(stores, labels)).open(session, TaskMode.CONFINED)) {
            // It reads every document: its files are sealed from the start as the strongest document policy requires.
            ShardWriters writers = ShardWriters.open(out, shards, IndexFields.analyzer(), labels,
                    new AtRestFloorGate(task, stores.engine().strongestMinimumAtRest()));
            writers.observedBy(observer);
            long n;
            try {
                n = index(session, task, stores, writers, progress);
            } catch (IOException | RuntimeException | Error e) {
                writers.abandon();
                throw e;
            }
            writers.close();
            return new Report(n, shards, System.nanoTime() - start, monitoring.monitored());
        }
    }

    private long index(Session session, AccessGate gate, DataSet stores, ShardWriters writers,
                       LongConsumer progress) throws IOException {
        IndexEntryCheck entries = IndexEntryCheck.ownersOf(stores.policies());
        // Damaged records are counted once each, by where they are: a task may scan as often as it likes, and
        // every scan meets the same damage again (counted per meeting, each rescan would excuse one more document).
        Set<String> damaged = ConcurrentHashMap.newKeySet();
        Consumer<CorruptRecordException> counted = bad -> {
            if (damaged.add(bad.segment() + "@" + bad.position())) {
                skipped.accept(bad);
            }
        };
        // The published count and the progress are the runtime's: every live document the scan does not skip as
        // damaged, each admitted once, or nothing is published.
        long live = stores.documents().liveDocuments();
        TaskContext ctx = TaskContext.builder(session, gate)
                .documents(new DocumentReader(gate, stores.policies(), stores.documents(), badRecords, counted)
                        .issuingTo(entries))
                .index(writers.completeSink(entries, () -> live - damaged.size(), progress))
                .facts(stores.engine().facts())
                .build();
        // The indexer's code runs as a confined task: its only output is the index files the monitor checks, and
        // whatever it throws reaches the caller in the runtime's words. What it returns or counts is not reported.
        TaskBoundary.indexing(gate, "the indexing task").runWriting(
                () -> code.run(ctx));
        PublishedIndex published = writers.lastPublished();
        if (published == null) {
            throw new IllegalStateException("the indexing task ended without publishing the index; nothing is published");
        }
        return published.documents();
    }
}
