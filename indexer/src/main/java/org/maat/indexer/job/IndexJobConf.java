package org.maat.indexer.job;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.ReflectionUtils;
import org.maat.core.lucene.PublicationObserver;
import org.maat.core.task.Monitoring;

/**
 * The indexer job's settings in its Hadoop configuration, set by the driver and read by tasks and
 * the committer: one place for every key and its meaning.
 */
public final class IndexJobConf {

    static final String DATA = "maat.indexer.data";
    static final String OUT = "maat.indexer.out";
    static final String SHARDS = "maat.indexer.shards";
    static final String POLICY = "maat.indexer.policy";
    /**
     * How many map splits the input is cut into (about equal document counts). Default: one per
     * {@value #SPLIT_BYTES} bytes of documents (local mode sets one per core).
     */
    public static final String SPLITS = "maat.indexer.splits";
    /** A local directory where tasks keep their private copy of the policy data (default java.io.tmpdir). */
    public static final String LOCAL_DIR = "maat.indexer.local.dir";
    static final String FAILURE_REPORT = "maat.indexer.failure-report";
    static final String STORE_DOCUMENTS = "maat.indexer.store.documents";
    static final String STORE_GENERATION = "maat.indexer.store.generation";
    static final String LIVE_DOCUMENTS = "maat.indexer.store.live";
    /**
     * A {@link PublicationObserver} class (with a public no-argument constructor; given the job's
     * configuration if it is {@link org.apache.hadoop.conf.Configurable}) that the job commit tells each
     * publication step. For crash tests; unset in production.
     */
    public static final String PUBLICATION_OBSERVER = "maat.indexer.publication.observer";

    private IndexJobConf() {
    }

    static void set(Configuration conf, Path data, Path out, int shards, Monitoring monitoring) {
        conf.set(DATA, data.toString());
        conf.set(OUT, out.toString());
        conf.setInt(SHARDS, shards);
        conf.setBoolean(POLICY, monitoring.monitored());
        conf.set(FAILURE_REPORT, failureReport(out).toString());
    }

    /** Records the store commit the driver read: the job indexes it, and exactly its live documents. */
    static void setStore(Configuration conf, CommittedStore store) throws IOException {
        conf.setLong(STORE_DOCUMENTS, store.commit().documents());
        conf.setLong(STORE_GENERATION, store.commit().generation());
        conf.setLong(LIVE_DOCUMENTS, store.liveDocuments());
    }

    /** How many live documents the store commit the driver read holds: the job's published count, by the runtime. */
    static long liveDocuments(Configuration conf) {
        return Long.parseLong(require(conf, LIVE_DOCUMENTS));
    }

    /** Fails if {@code store} is not the commit the driver read (an edit committed since: run the job again). */
    static void checkSameStore(Configuration conf, CommittedStore store) throws IOException {
        if (conf.get(STORE_DOCUMENTS) == null) {
            return; // an input format used outside IndexJob (its tests): nothing recorded to compare with
        }
        if (conf.getLong(STORE_DOCUMENTS, -1) != store.commit().documents()
                || conf.getLong(STORE_GENERATION, -1) != store.commit().generation()) {
            throw new IOException(store.store() + ": the conduit store was edited while the job ran; run it again");
        }
    }

    /** The data directory (maat generate's layout) on the job's file system. */
    static Path data(Configuration conf) {
        return new Path(require(conf, DATA));
    }

    /** The data directory's document conduit store. */
    static Path documents(Configuration conf) {
        return new Path(data(conf), "documents");
    }

    static Path out(Configuration conf) {
        return new Path(require(conf, OUT));
    }

    static int shards(Configuration conf) {
        int shards = conf.getInt(SHARDS, 0);
        if (shards < 1) {
            throw new IllegalStateException(SHARDS + " must be at least 1, not " + shards);
        }
        return shards;
    }

    /** The job's monitoring, as the driver chose it: a job runs under the monitor unless told otherwise. */
    static Monitoring monitoring(Configuration conf) {
        return conf.getBoolean(POLICY, true) ? Monitoring.REFERENCE_MONITOR : Monitoring.NONE;
    }

    static final long SPLIT_BYTES = 128L << 20;

    static int splits(Configuration conf, long documentBytes) {
        int fallback = (int) Math.min(Integer.MAX_VALUE, Math.max(1, documentBytes / SPLIT_BYTES));
        return Math.max(1, conf.getInt(SPLITS, fallback));
    }

    static java.nio.file.Path localDir(Configuration conf) {
        return java.nio.file.Path.of(conf.get(LOCAL_DIR, System.getProperty("java.io.tmpdir")));
    }

    /**
     * The directory where tasks and the committer leave why the job failed (a monitor denial), one
     * file each, for the driver to read and delete: LocalJobRunner reports no failure cause, and a
     * denial must reach the user.
     */
    static Path failureReport(Path out) {
        return new Path(out, "_maat-job-failure");
    }

    static Path failureReport(Configuration conf) {
        return new Path(require(conf, FAILURE_REPORT));
    }

    static PublicationObserver publicationObserver(Configuration conf) {
        Class<? extends PublicationObserver> type = conf.getClass(PUBLICATION_OBSERVER, null, PublicationObserver.class);
        return type == null ? PublicationObserver.NONE : ReflectionUtils.newInstance(type, conf);
    }

    private static String require(Configuration conf, String key) {
        String value = conf.get(key);
        if (value == null) {
            throw new IllegalStateException("the job configuration has no " + key + ": submit it through IndexJob");
        }
        return value;
    }
}
