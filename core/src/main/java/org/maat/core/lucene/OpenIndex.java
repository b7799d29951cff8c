package org.maat.core.lucene;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.IOUtils;
import org.maat.core.data.StoreDamage;
import org.maat.core.task.AccessGate;
import org.maat.core.task.Incidents;
import org.maat.core.task.ShardSearchers;
import org.maat.policy.Conduit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An index opened for searching, shared by many search tasks: one reader per shard, opened once
 * (opening a reader per query would cost more than the query).
 *
 * <p>An index is opened on the commits its {@link IndexLabelling} publishes; under the monitor,
 * through {@link PolicyDirectory}s that record the label of every file the readers open. A task then gets
 * the shards through {@link #searchersFor}, whose {@code searcher(i)} reads all of shard i's labels
 * into that task's gate before returning the searcher: each task is tainted exactly as if it had
 * opened the files itself.
 */
public final class OpenIndex implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(OpenIndex.class);

    private final List<Directory> directories;
    /** Each shard's directory on disk, as damage names it. */
    private final List<Path> paths;
    private final List<DirectoryReader> readers;
    private final List<IndexSearcher> searchers;
    private final List<List<Conduit>> labels;
    private final long documents;

    private OpenIndex(List<Directory> directories, List<Path> paths, List<DirectoryReader> readers,
                      List<List<Conduit>> labels, long documents) {
        this.directories = directories;
        this.paths = List.copyOf(paths);
        this.readers = readers;
        // No query cache, not even Lucene's JVM-wide default: task code searches these readers, and a cache keyed by
        // what a task's Weight claims to be would carry one task's choice into other searches. The session's
        // access bitsets are cached by the search code itself (per segment and region, read-only to tasks).
        this.searchers = readers.stream().map(OpenIndex::uncachedSearcher).toList();
        this.labels = labels;
        this.documents = documents;
    }

    /**
     * Opens the published commits {@code labelling} names ({@link IndexLabelling#forReading}); the
     * readers' own file reads go to {@code opener} (a confined task that only reads, and whose taint
     * never leaves it). Under the monitor every file is opened through a {@link PolicyDirectory} and
     * its label recorded; in the baseline the files are opened as they are and carry no labels.
     */
    public static OpenIndex open(IndexLayout layout, IndexLabelling labelling, AccessGate opener) throws IOException {
        return open(layout, labelling, opener, null);
    }

    /** As {@link #open(IndexLayout, IndexLabelling, AccessGate)} for shard {@code shard} of the index alone; the result has one shard. */
    public static OpenIndex openShard(IndexLayout layout, IndexLabelling labelling, AccessGate opener, int shard)
            throws IOException {
        return open(layout, labelling, opener, shard);
    }

    private static OpenIndex open(IndexLayout layout, IndexLabelling labelling, AccessGate opener, Integer only)
            throws IOException {
        PublishedIndex published = labelling.requirePublished();
        requireShard(layout, published, only);
        List<Directory> directories = new ArrayList<>();
        List<Path> paths = new ArrayList<>();
        List<DirectoryReader> readers = new ArrayList<>();
        List<List<Conduit>> labels = new ArrayList<>();
        try {
            for (int shard = 0; shard < published.shards(); shard++) {
                if (only != null && shard != only) {
                    continue;
                }
                Path path = layout.shard(shard);
                Directory raw = ShardDirectory.open(path);
                directories.add(raw);
                paths.add(path);
                Directory dir = labelling.open(raw, shard, opener);
                long generation = published.generation(shard);
                DirectoryReader reader = StoreDamage.reading(path,
                        () -> DirectoryReader.open(new PublishedCommit(dir, generation)));
                readers.add(reader);
                labels.add(labelling.labelsRead(dir));
            }
        } catch (IOException | RuntimeException e) {
            IOUtils.closeWhileHandlingException(readers);
            IOUtils.closeWhileHandlingException(directories);
            throw e;
        }
        long documents = only == null ? published.documents()
                : readers.stream().mapToLong(DirectoryReader::numDocs).sum();
        return new OpenIndex(directories, paths, readers, labels, documents);
    }

    private static void requireShard(IndexLayout layout, PublishedIndex published, Integer shard) {
        if (shard != null && (shard < 0 || shard >= published.shards())) {
            throw new IllegalArgumentException("index " + layout.root() + " has shards 0 to "
                    + (published.shards() - 1) + ", not shard " + shard);
        }
    }

    /**
     * Verifies every file the shards' readers have open against its Lucene checksum, through the same
     * directories the searches read: what the runtime runs when a search failed, to tell damaged
     * bytes from any other failure (a whole-file read per segment, so not on every query).
     *
     * @throws org.maat.core.data.DamagedStoreException naming the shard directory whose file fails it
     */
    public void checkIntegrity() throws IOException {
        for (int shard = 0; shard < readers.size(); shard++) {
            DirectoryReader reader = readers.get(shard);
            StoreDamage.reading(paths.get(shard), () -> {
                for (LeafReaderContext leaf : reader.leaves()) {
                    leaf.reader().checkIntegrity();
                }
                return null;
            });
        }
    }

    public int shards() {
        return readers.size();
    }

    /** The number of documents indexed, as published. */
    public long documents() {
        return documents;
    }

    /** The labels of the files shard {@code shard}'s reader has open. */
    public List<Conduit> labels(int shard) {
        return labels.get(shard);
    }

    private static IndexSearcher uncachedSearcher(IndexReader reader) {
        return new SettledSearcher(reader, IndexSearcher.getDefaultSimilarity(), null);
    }

    /**
     * The shards as one task sees them: each searcher taints {@code gate} with its shard's labels first, and
     * searches the shard's {@link #taskReader task reader}, never the raw one.
     */
    public ShardSearchers searchersFor(AccessGate gate) throws IOException {
        List<IndexSearcher> views = new ArrayList<>(readers.size());
        for (int shard = 0; shard < readers.size(); shard++) {
            views.add(uncachedSearcher(taskReader(shard)));
        }
        return new TaskView(gate, views);
    }

    /**
     * As {@link #searchersFor(AccessGate)}, handing out {@code views} (one per shard, over this
     * index's {@link #taskReader task readers}: e.g. with other ranking statistics) instead of the shared ones.
     */
    public ShardSearchers searchersFor(AccessGate gate, List<? extends IndexSearcher> views) {
        if (views.size() != readers.size()) {
            throw new IllegalArgumentException(views.size() + " searchers for " + readers.size() + " shards");
        }
        for (int shard = 0; shard < views.size(); shard++) {
            if (!(views.get(shard).getIndexReader() instanceof TaskReader view) || !view.reads(readers.get(shard))) {
                throw new IllegalArgumentException("the searcher of shard " + shard + " reads another index");
            }
        }
        return new TaskView(gate, views);
    }

    /** The shared searcher of shard {@code shard} over its raw reader (no task is tainted: for the trusted runtime only). */
    public IndexSearcher searcher(int shard) {
        return searchers.get(shard);
    }

    /**
     * Shard {@code shard}'s reader as one task may see it ({@link TaskReader}): same leaves and document numbers as
     * {@link #searcher(int)}'s, made afresh for each task, so what a task does to its reader object (a reference
     * count raised, a parent registered, a listener added) reaches no other task. Searchers handed to tasks must
     * read one of these.
     */
    public TaskReader taskReader(int shard) throws IOException {
        return TaskReader.over(readers.get(shard));
    }

    /**
     * Closes the readers, then the directories. Closing a reader runs the listeners registered on it, and task
     * code was handed these readers: what a listener throws may carry what its task read, so it is replaced
     * here by the runtime's own text (the operator log gets an incident id, never the throwable).
     */
    @Override
    public void close() throws IOException {
        try {
            closeReaders();
        } finally {
            IOUtils.close(directories);
        }
    }

    private void closeReaders() throws IOException {
        boolean failed = false;
        for (DirectoryReader reader : readers) {
            try {
                reader.close();
            } catch (Throwable thrown) { // whatever a listener throws, it never leaves here
                failed = true;
            }
        }
        if (failed) {
            String incident = Incidents.next();
            LOG.warn("closing the index readers of {} failed (incident {}); the exception is withheld: "
                    + "a listener on a shared reader may be task code", paths, incident);
            throw new IOException("closing the index readers failed (incident " + incident + ")");
        }
    }

    private final class TaskView implements ShardSearchers {
        private final AccessGate gate;
        private final List<? extends IndexSearcher> views;
        private final boolean[] tainted = new boolean[readers.size()];

        TaskView(AccessGate gate, List<? extends IndexSearcher> views) {
            this.gate = gate;
            this.views = views;
        }

        @Override
        public int shards() {
            return readers.size();
        }

        @Override
        public synchronized IndexSearcher searcher(int shard) {
            if (!tainted[shard]) {
                for (Conduit label : labels.get(shard)) {
                    gate.read(label);
                }
                tainted[shard] = true;
            }
            return views.get(shard);
        }
    }
}
