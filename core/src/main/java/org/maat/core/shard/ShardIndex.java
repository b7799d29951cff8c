package org.maat.core.shard;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.maat.core.FileStamp;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.lucene.IndexLabelling;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.lucene.PublishedIndex;
import org.maat.core.task.Monitoring;

/**
 * An index and its data directory opened for shard serving: the data directory as a follower
 * ({@link DataSet#openFollower}: a snapshot of its policies and facts, the MAL log followed, no
 * lock taken) and a snapshot of the index's labels, shared by every {@link ShardService} made from
 * it. So shard servers can run in the same process as the front-end that owns the data directory,
 * or in other processes, any number of them over one index.
 *
 * <p>It follows publications without a restart: before a search, at most every {@link #DEFAULT_RECHECK}
 * (one {@code stat} each of the file that holds the index's published state and of the data
 * directory's policy store), it notices a new publication of the index ({@code maat index}, an
 * {@code IndexUpdate}) or a committed change of the policy store (a disguise's), takes new
 * snapshots of both, and the next search of each shard opens the newly published commit (the labels
 * and conduits it is judged by are those of the same moment). A search under way keeps the readers
 * it started with; they are closed when the last such search ends. A data change committed before
 * an index publication is seen with it.
 *
 * <p>{@link Monitoring#NONE} serves the {@code --no-policy} baseline: plain Lucene with the session
 * filter and no monitor (an index built either way can be served so). Closing it closes the
 * services it made. Thread-safe.
 */
public final class ShardIndex implements AutoCloseable {

    /** How often, at most, a search looks whether the index or the data was changed. */
    public static final Duration DEFAULT_RECHECK = Duration.ofMillis(50);
    /** While a change is too recent for its file stamps to be trusted, how often the files are read again. */
    private static final long UNSETTLED_RECHECK_NANOS = Duration.ofMillis(250).toNanos();

    /** The data and labels snapshots of one moment, and the publication they name. */
    record Generation(DataSet data, IndexLabelling labels, PublishedIndex published) {
    }

    private final DataDir dataDir;
    private final IndexLayout layout;
    private final Monitoring monitoring;
    private final int shards;
    private final long recheckNanos;
    private final List<ShardService> opened = new ArrayList<>();
    private volatile Shared<Generation> current;
    private volatile long nextCheck;
    private FileStamp publishedStamp;
    private FileStamp dataStamp;
    private boolean closed;

    private ShardIndex(DataDir dataDir, IndexLayout layout, Monitoring monitoring, Generation first,
                       FileStamp publishedStamp, FileStamp dataStamp, Duration recheck) {
        this.dataDir = dataDir;
        this.layout = layout;
        this.monitoring = monitoring;
        this.shards = first.published().shards();
        this.recheckNanos = recheck.toNanos();
        this.current = shared(first);
        this.publishedStamp = publishedStamp;
        this.dataStamp = dataStamp;
        this.nextCheck = System.nanoTime() + recheckNanos;
    }

    /** Opens the index and its data directory for serving, under the monitor or with none as {@code monitoring} says. */
    public static ShardIndex open(DataDir data, IndexLayout layout, Monitoring monitoring) throws IOException {
        return open(data, layout, monitoring, DEFAULT_RECHECK);
    }

    /** As {@link #open(DataDir, IndexLayout, Monitoring)}, looking for changes at most every {@code recheck}. */
    public static ShardIndex open(DataDir data, IndexLayout layout, Monitoring monitoring, Duration recheck)
            throws IOException {
        layout.monitored(); // refuses a damaged index before the data directory is opened
        if (recheck.isNegative()) {
            throw new IllegalArgumentException("a recheck interval must not be negative, not " + recheck);
        }
        // Stamps first: a change after them is seen at the next check.
        FileStamp publishedStamp = FileStamp.of(publishedStateFile(layout));
        FileStamp dataStamp = FileStamp.of(data.policyStore());
        Generation first = openGeneration(data, layout, monitoring);
        return new ShardIndex(data, layout, monitoring, first, publishedStamp, dataStamp, recheck);
    }

    private static Generation openGeneration(DataDir dataDir, IndexLayout layout, Monitoring monitoring)
            throws IOException {
        DataSet stores = DataSet.openFollower(dataDir);
        IndexLabelling labels = null;
        try {
            labels = IndexLabelling.forReading(layout, monitoring);
            return new Generation(stores, labels, labels.requirePublished());
        } catch (RuntimeException e) {
            if (labels != null) {
                labels.close();
            }
            stores.close();
            throw e;
        }
    }

    /** The label store of a monitored index, the no-policy record of another: whichever names its commits. */
    private static java.nio.file.Path publishedStateFile(IndexLayout layout) {
        return layout.isLabelled() ? layout.labels() : layout.noPolicyRecord();
    }

    private static Shared<Generation> shared(Generation generation) {
        return new Shared<>(generation, () -> {
            try {
                generation.labels().close();
            } finally {
                generation.data().close();
            }
        });
    }

    /** How many shards the index had when it was opened (not how many {@code shard-N} folders exist). */
    public int shards() {
        return shards;
    }

    public boolean monitored() {
        return monitoring.monitored();
    }

    IndexLayout layout() {
        return layout;
    }

    /** Opens shard {@code shard} for searching; it stays open until it or this index is closed. */
    public synchronized ShardService shard(int shard) throws IOException {
        if (closed) {
            throw new IllegalStateException("this shard index is closed");
        }
        ShardService service = new ShardService(shard, this);
        service.documents(); // opens the shard's readers now: a bad shard number fails here
        opened.add(service);
        return service;
    }

    /**
     * The newest generation, looking for a change first when a recheck is due; one more use of it,
     * which the caller releases.
     */
    Shared<Generation> acquireCurrent() throws IOException {
        if (System.nanoTime() - nextCheck >= 0) {
            recheck();
        }
        while (true) {
            Shared<Generation> generation = current;
            if (generation.acquire()) {
                return generation;
            }
        }
    }

    /** Looks whether the published state or the policy store changed; if so, takes new snapshots. */
    private synchronized void recheck() throws IOException {
        long now = System.nanoTime();
        if (now - nextCheck < 0 || closed) {
            return; // another search just did
        }
        FileStamp published = FileStamp.of(publishedStateFile(layout));
        FileStamp data = FileStamp.of(dataDir.policyStore());
        boolean unsettled = !published.settled() || !data.settled();
        nextCheck = now + Math.max(recheckNanos, unsettled ? UNSETTLED_RECHECK_NANOS : 0);
        boolean mayHaveChanged = !published.sameAs(publishedStamp) || !data.sameAs(dataStamp)
                || !publishedStamp.settled() || !dataStamp.settled();
        if (!mayHaveChanged) {
            return;
        }
        Generation old = current.value();
        Generation fresh;
        try {
            fresh = openGeneration(dataDir, layout, monitoring);
        } catch (IOException | RuntimeException e) {
            // Caught mid-change (a rebuild replacing the published state): serve what is open and
            // look again at the next check, the stamps not taken as seen.
            return;
        }
        boolean same = samePublication(fresh.published(), old.published())
                && fresh.data().policies().commitCount() == old.data().policies().commitCount();
        if (same) {
            shared(fresh).release();
        } else {
            Shared<Generation> replaced = current;
            current = shared(fresh);
            replaced.release(); // closed once the last search on it ends
        }
        publishedStamp = published;
        dataStamp = data;
    }

    private static boolean samePublication(PublishedIndex a, PublishedIndex b) {
        return Arrays.equals(a.generations(), b.generations()) && a.documents() == b.documents();
    }

    @Override
    public synchronized void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        IOException failure = null;
        for (ShardService service : opened) {
            try {
                service.close();
            } catch (IOException e) {
                failure = e;
            }
        }
        opened.clear();
        current.release();
        if (failure != null) {
            throw failure;
        }
    }
}
