package org.maat.indexer.job;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.maat.core.lucene.PublicationObserver;
import org.maat.core.task.Monitoring;
import org.maat.indexer.MapReduceIndexing;

/**
 * The child JVM of {@link MapReduceCommitCrashIT}: runs the MapReduce indexer (local mode) over
 * {@code DATA} into {@code OUT} with {@code SHARDS} shards and as many reducers (Hadoop's directories
 * under {@code TMP}), prints
 * {@code REACHED STEP} at each publication step of the job commit and stops for good at
 * {@code STEP}, where the test kills it.
 */
public final class PublishingChild {

    static final String STOP_AT = "maat.test.stop-at";

    private PublishingChild() {
    }

    /** Prints each step; at the configured one, waits to be killed. */
    public static final class StoppingObserver implements PublicationObserver, Configurable {
        private Configuration conf;

        @Override
        public void reached(Step step) {
            System.out.println("REACHED " + step);
            System.out.flush();
            if (step.name().equals(conf.get(STOP_AT))) {
                while (true) {
                    LockSupport.park();
                }
            }
        }

        @Override
        public void setConf(Configuration conf) {
            this.conf = conf;
        }

        @Override
        public Configuration getConf() {
            return conf;
        }
    }

    public static void main(String[] args) throws Exception {
        Path data = Path.of(args[0]);
        Path out = Path.of(args[1]);
        int shards = Integer.parseInt(args[2]);
        Path tmp = Files.createTempDirectory(Path.of(args[4]), "hadoop-");
        Configuration conf = MapReduceIndexing.localConfiguration(tmp, shards);
        conf.setClass(IndexJobConf.PUBLICATION_OBSERVER, StoppingObserver.class, PublicationObserver.class);
        conf.set(STOP_AT, args[3]);
        try {
            new IndexJob(conf).run(new org.apache.hadoop.fs.Path(data.toUri()), new org.apache.hadoop.fs.Path(out.toUri()),
                    shards, shards, Monitoring.REFERENCE_MONITOR, n -> { });
            System.out.println("DONE");
        } finally {
            FileUtil.fullyDelete(tmp.toFile());
        }
    }
}
