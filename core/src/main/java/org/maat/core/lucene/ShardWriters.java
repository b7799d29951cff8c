package org.maat.core.lucene;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.TieredMergePolicy;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.IOUtils;
import org.apache.lucene.util.InfoStream;
import org.maat.core.data.DirectoryTree;
import org.maat.core.index.IndexFields;
import org.maat.core.index.ShardRouter;
import org.maat.core.task.AccessGate;
import org.maat.core.task.IndexEntryCheck;
import org.maat.core.task.IndexEntryRefusedException;
import org.maat.core.task.IndexSink;
import org.maat.core.task.LabelledDocument;
import org.maat.core.task.LibraryState;
import org.maat.core.task.RuntimeFailures;
import org.maat.policy.Conduit;

/**
 * The trusted side of an indexer task's output, and the one way any Maat indexer publishes an index:
 * opens one {@link IndexWriter} per shard (over a {@link PolicyDirectory} when monitored) that
 * rebuilds the shard from scratch ({@link #open}) or changes its published commit in place
 * ({@link #openPublished}, deleted documents expunged at {@link #publishChanges}), and publishes all
 * shards at once. Task code never gets a writer: the sequential indexer and an in-place update write through
 * {@link #sink}, whose every entry crosses an {@link IndexEntryCheck} and is routed by its document's id; the
 * MapReduce job commit adds the segments its reducers built ({@link #addSegments}), each of whose entries crossed the
 * same check in its reducer. After a refused entry nothing is published.
 *
 * <p>Publication is two-phase: every shard's Lucene commit is made durable first, while the
 * previously published commit stays on disk ({@link PublishedCommitPolicy}); then one atomic step
 * names the new commits: a label-store batch that also labels their files, or, for a
 * {@code --no-policy} index, the {@link NoPolicyRecord} replaced by a rename. Readers open only the
 * commits so named (and only as many shards as they name), so a crash at any point leaves them on
 * the old index with its labels or on the new one with its labels. Only once the new state is
 * durable are superseded shards ({@code shard-<i>} beyond the new count) and the old commits deleted;
 * whatever a crash leaves of them, or of an unpublished commit, the next indexer removes.
 */
public final class ShardWriters implements AutoCloseable {

    private final IndexLayout layout;
    private final IndexLabelling labelling;
    private final List<Directory> raw;
    private final List<Directory> opened;
    private final List<PublishedCommitPolicy> policies;
    private final List<IndexWriter> writers;
    /** Opened on the published commit ({@link #openPublished}): the sink publishes as {@link #publishChanges}. */
    private final boolean appending;
    private PublicationObserver observer = PublicationObserver.NONE;
    private IndexEntryRefusedException refusal;

    private ShardWriters(IndexLayout layout, IndexLabelling labelling, List<Directory> raw, List<Directory> opened,
                         List<PublishedCommitPolicy> policies, List<IndexWriter> writers, boolean appending) {
        this.layout = layout;
        this.labelling = labelling;
        this.raw = raw;
        this.opened = opened;
        this.policies = policies;
        this.writers = writers;
        this.appending = appending;
    }

    /**
     * Writers that rebuild the index at {@code layout} with {@code shards} shards and publish into
     * {@code labelling} ({@link IndexLabelling#forWriting}): under the monitor every file goes through a
     * {@link PolicyDirectory} on {@code gate} and {@link #commit} publishes the files' labels with the
     * commits; in the baseline the files are plain and the no-policy record names the commits.
     */
    public static ShardWriters open(IndexLayout layout, int shards, Analyzer analyzer, IndexLabelling labelling,
                                    AccessGate gate) throws IOException {
        if (shards < 1) {
            throw new IllegalArgumentException("the number of shards must be at least 1, not " + shards);
        }
        layout.requireRebuildableAs(labelling.monitoring());
        return open(layout, shards, labelling.published().orElse(null), labelling, gate, false,
                () -> config(analyzer));
    }

    /**
     * Writers that change the published index at {@code layout} in place ({@code org.maat.core.runtime.IndexUpdate}): one
     * per published shard, each opened on its shard's published commit (a commit a crash left
     * unpublished is dropped first), appending to it. They publish exactly as a rebuild does, so a
     * crash leaves the index as published before or after, and the files the update wrote are
     * labelled with the commit under the monitor. Refuses an index no indexer published.
     */
    public static ShardWriters openPublished(IndexLayout layout, Analyzer analyzer, IndexLabelling labelling,
                                             AccessGate gate) throws IOException {
        layout.requireRebuildableAs(labelling.monitoring());
        PublishedIndex published = labelling.requirePublished();
        return open(layout, published.shards(), published, labelling, gate, true,
                () -> updateConfig(analyzer));
    }

    private static ShardWriters open(IndexLayout layout, int shards, PublishedIndex previous, IndexLabelling labelling,
                                     AccessGate gate, boolean appending, Supplier<IndexWriterConfig> config)
            throws IOException {
        List<Directory> raw = new ArrayList<>();
        List<Directory> opened = new ArrayList<>();
        List<PublishedCommitPolicy> policies = new ArrayList<>();
        List<IndexWriter> writers = new ArrayList<>();
        try {
            for (int shard = 0; shard < shards; shard++) {
                layout.createShardDirectory(shard);
                Directory dir = ShardDirectory.open(layout.shard(shard));
                raw.add(dir);
                long published = previous != null && shard < previous.shards() ? previous.generation(shard) : -1;
                dropUnpublishedCommits(dir, published);
                Directory target = labelling.open(dir, shard, gate);
                opened.add(target);
                PublishedCommitPolicy policy = new PublishedCommitPolicy(published);
                policies.add(policy);
                writers.add(new IndexWriter(target, config.get().setIndexDeletionPolicy(policy)));
            }
        } catch (IOException | RuntimeException e) {
            IOUtils.closeWhileHandlingException(writers);
            IOUtils.closeWhileHandlingException(raw);
            throw e;
        }
        return new ShardWriters(layout, labelling, raw, opened, policies, writers, appending);
    }

    /**
     * How every Maat indexer configures a shard's writer (a new index, no commit on close, the same
     * flush size), so that indexers fed the same documents in the same order build the same segments.
     */
    public static IndexWriterConfig config(Analyzer analyzer) {
        return new IndexWriterConfig(analyzer)
                // Named, not Lucene's JVM-wide defaults, which any caller may replace with code of its own.
                .setCodec(LibraryState.codec())
                .setInfoStream(InfoStream.NO_OUTPUT)
                .setOpenMode(IndexWriterConfig.OpenMode.CREATE)
                // Only commit() publishes; closing a writer never commits half an index.
                .setCommitOnClose(false)
                .setRAMBufferSizeMB(64);
    }

    /**
     * The configuration of an in-place update: the published commit is appended to, and a forced
     * merge of deletes ({@link #publishChanges}) rewrites every segment holding any deleted document,
     * so no file of the next published commit keeps a deleted document's terms or stored fields.
     */
    private static IndexWriterConfig updateConfig(Analyzer analyzer) {
        TieredMergePolicy merges = new TieredMergePolicy();
        merges.setForceMergeDeletesPctAllowed(0.0);
        return config(analyzer).setOpenMode(IndexWriterConfig.OpenMode.APPEND).setMergePolicy(merges);
    }

    /** Tells {@code observer} each step of {@link #commit} (crash tests stop the process there). */
    public ShardWriters observedBy(PublicationObserver observer) {
        this.observer = Objects.requireNonNull(observer, "observer");
        return this;
    }

    /**
     * A crash between a Lucene commit and its publication leaves a newer {@code segments_N} (or a
     * {@code pending_segments_N}) that nothing publishes. It was never visible to searchers; remove it so
     * that Lucene, which reads every commit point when a writer opens, never tries to open it.
     */
    private static void dropUnpublishedCommits(Directory dir, long published) throws IOException {
        for (String file : dir.listAll()) {
            boolean unpublished = file.startsWith("pending_segments")
                    || (file.startsWith("segments_") && generation(file) != published);
            if (unpublished) {
                dir.deleteFile(file);
            }
        }
    }

    private static long generation(String segmentsFile) {
        return Long.parseLong(segmentsFile.substring("segments_".length()), Character.MAX_RADIX);
    }

    public int shards() {
        return writers.size();
    }

    /**
     * The task side of these writers: every entry crosses {@code check} before a writer sees it, is routed by its
     * document's id ({@link ShardRouter}), and {@link IndexSink#commit} publishes with the number of entries added
     * (a rebuild) or of live documents (an in-place update, as {@link #publishChanges}). The sink is a separate
     * object, so task code holding it reaches no writer and no method of this class.
     */
    public IndexSink sink(IndexEntryCheck check) {
        return new CheckedSink(Objects.requireNonNull(check, "check"), new ShardRouter(writers.size()), null, added -> { });
    }

    /**
     * As {@link #sink(IndexEntryCheck)} for a rebuild that must hold every document of its store: its commit publishes
     * only if the entries added are of {@code documents} different documents (the runtime's count of the documents it
     * handed the task), each once: a document added again fails the task at once, so the published count is the
     * runtime's, and which documents a task leaves out is never its choice (not even by adding another twice).
     * {@code progress} is told the entries admitted so far, counted here, not by the task.
     */
    public IndexSink completeSink(IndexEntryCheck check, LongSupplier documents, LongConsumer progress) {
        return new CheckedSink(Objects.requireNonNull(check, "check"), new ShardRouter(writers.size()),
                Objects.requireNonNull(documents, "documents"), Objects.requireNonNull(progress, "progress"));
    }

    /**
     * Deletes the document with conduit id {@code conduitId} from its shard (nothing if there is none): the
     * runtime's own step of an in-place update, for an id its caller named, never task code's (a sink has no delete).
     */
    public void delete(String conduitId) throws IOException {
        String id = Objects.requireNonNull(conduitId, "conduitId");
        writers.get(new ShardRouter(writers.size()).shard(id)).deleteDocuments(new Term(IndexFields.ID, id));
    }

    /** What the last publication of these writers published, or null if nothing was published yet. */
    public PublishedIndex lastPublished() {
        return lastPublished;
    }

    /**
     * Adds a reducer's built segments to {@code shard} as they are (same documents, same order), under new names:
     * the trusted MapReduce job commit only, whose reducers passed every entry through an {@link IndexEntryCheck}.
     */
    public void addSegments(int shard, Directory segments) throws IOException {
        writers.get(shard).addIndexes(segments);
    }

    /** Publishes every shard, with {@code documents} as the published count (see {@link #publish}). */
    public void commit(long documents) throws IOException {
        publish(documents);
    }

    /**
     * Publishes what an update changed ({@link #openPublished}): every shard with a change first has
     * the segments that hold deleted documents rewritten without them, then all shards are published
     * as {@link #commit} does, in one atomic step, with the count of live documents. A shard with no
     * change keeps its commit. Returns what was published.
     */
    public PublishedIndex publishChanges() throws IOException {
        long documents = 0;
        for (IndexWriter writer : writers) {
            if (writer.hasUncommittedChanges()) {
                writer.forceMergeDeletes(true); // flushes and applies the deletes first
            }
            documents += writer.getDocStats().numDocs;
        }
        return publish(documents);
    }

    private PublishedIndex lastPublished;

    private PublishedIndex publish(long documents) throws IOException {
        if (refusal != null) {
            throw new IllegalStateException("the index is not published: " + refusal.getMessage(), refusal);
        }
        observer.reached(PublicationObserver.Step.SHARDS_WRITTEN);
        long[] generations = new long[writers.size()];
        Set<Conduit> fileLabels = new HashSet<>();
        for (int shard = 0; shard < writers.size(); shard++) {
            writers.get(shard).commit();
            IndexCommit commit = policies.get(shard).last();
            generations[shard] = commit.getGeneration();
            labelling.labelCommitted(opened.get(shard), shard, commit.getFileNames(), fileLabels);
        }
        observer.reached(PublicationObserver.Step.COMMITS_DURABLE);
        PublishedIndex index = new PublishedIndex(generations, documents);
        labelling.publish(index, fileLabels); // durable when it returns
        lastPublished = index;
        observer.reached(PublicationObserver.Step.PUBLISHED);
        for (int shard = 0; shard < writers.size(); shard++) {
            policies.get(shard).published(generations[shard]);
            // Runs the deletion policy again: the commit published before this one goes now.
            writers.get(shard).deleteUnusedFiles();
        }
        for (Path superseded : layout.shardDirectoriesFrom(writers.size())) {
            DirectoryTree.delete(superseded);
        }
        return index;
    }

    @Override
    public void close() throws IOException {
        try {
            IOUtils.close(writers);
        } finally {
            IOUtils.close(raw);
        }
    }

    private static final String UPDATE_ONLY =
            "the update task added an entry where it may only replace one; nothing is published";

    private static final String INCOMPLETE =
            "the indexing task did not index every document of the store exactly once; nothing is published";

    /** One write of the index files made for a task. */
    @FunctionalInterface
    private interface IndexWrite {
        long run() throws IOException;
    }

    /** The task side of the writers: checked entries, routed by id; see {@link #sink}. */
    private final class CheckedSink implements IndexSink {
        private final IndexEntryCheck check;
        private final ShardRouter router;
        /** The documents a complete rebuild must hold, or null. */
        private final LongSupplier expected;
        private final LongConsumer progress;
        /**
         * The ids a complete rebuild added (each at most once), or null: the entry check admits one entry per hand-over, and a task may
         * be handed a document again, so "every live document once" is judged here, by id, not by a count alone.
         */
        private final Set<String> ids;
        /** Set when the task added a document twice, or updated or deleted one: the rebuild never publishes. */
        private boolean repeated;
        private long added;

        CheckedSink(IndexEntryCheck check, ShardRouter router, LongSupplier expected, LongConsumer progress) {
            this.check = check;
            this.router = router;
            this.expected = expected;
            this.progress = progress;
            this.ids = expected != null && !appending ? new HashSet<>() : null;
        }

        @Override
        public void add(LabelledDocument source, Document entry) throws IOException {
            if (appending) {
                // An update replaces the handed document's entry; an added copy would sit beside the old one.
                throw RuntimeFailures.vouch(new IllegalStateException(UPDATE_ONLY),
                        () -> new IllegalStateException(UPDATE_ONLY));
            }
            Document admitted = admit(source, entry);
            if (ids != null && !ids.add(source.document().id())) {
                repeated = true; // kept: task code that catches the failure still cannot publish
                throw RuntimeFailures.vouch(new IllegalStateException(INCOMPLETE), () -> new IllegalStateException(INCOMPLETE));
            }
            writing(() -> writers.get(router.shard(source.document().id())).addDocument(admitted));
            progress.accept(++added);
        }

        @Override
        public void update(LabelledDocument source, Document entry) throws IOException {
            refuseInARebuild();
            Document admitted = admit(source, entry);
            String id = source.document().id();
            writing(() -> writers.get(router.shard(id)).updateDocument(idTerm(id), admitted));
        }


        @Override
        public void commit() throws IOException {
            if (ids != null && (repeated || added != expected.getAsLong())) {
                // Fixed text: how many, or which, documents are missing is the task's choice and says nothing here.
                throw RuntimeFailures.vouch(new IllegalStateException(INCOMPLETE), () -> new IllegalStateException(INCOMPLETE));
            }
            writing(() -> {
                if (appending) {
                    publishChanges();
                } else {
                    publish(added);
                }
                return 0L;
            });
        }

        /**
         * Runs one of the runtime's writes for the task: an I/O failure of the index files (a full disk, a block
         * that fails authentication) is the runtime's own, which the indexing boundary names to the operator.
         */
        private void writing(IndexWrite write) throws IOException {
            try {
                write.run();
            } catch (IOException failed) {
                String text = failed.getMessage() == null ? failed.toString() : failed.getMessage();
                throw RuntimeFailures.vouch(failed, () -> new UncheckedIOException(text, new IOException(text)));
            }
        }

        /**
         * A complete rebuild only adds: an update would replace an entry after the count and the ids were checked,
         * so it fails the run, and nothing is published even if the task catches it.
         */
        private void refuseInARebuild() {
            if (ids != null) {
                repeated = true;
                throw RuntimeFailures.vouch(new IllegalStateException(INCOMPLETE), () -> new IllegalStateException(INCOMPLETE));
            }
        }

        private Document admit(LabelledDocument source, Document entry) {
            if (refusal != null) {
                throw new IllegalStateException("the index is not published: " + refusal.getMessage(), refusal);
            }
            try {
                return check.admit(source, entry);
            } catch (IndexEntryRefusedException refused) {
                refusal = refused; // kept: task code that catches it still cannot publish
                throw refused;
            }
        }

        private static Term idTerm(String conduitId) {
            return new Term(IndexFields.ID, conduitId);
        }
    }

    /** Closes without committing: used when the task failed; the published index is untouched. */
    public void abandon() {
        for (IndexWriter writer : writers) {
            try {
                writer.rollback();
            } catch (IOException | RuntimeException e) {
                // The writer may already have closed itself after the refused write; nothing to keep.
            }
        }
        IOUtils.closeWhileHandlingException(raw);
    }
}
