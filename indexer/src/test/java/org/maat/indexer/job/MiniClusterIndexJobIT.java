package org.maat.indexer.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.lucene.IndexLabels;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.SearchService;
import org.maat.core.runtime.TestData;
import org.maat.core.task.Monitoring;
import org.maat.indexer.MapReduceEquivalenceIT;
import org.maat.policy.Session;

/**
 * The job on a real (mini) cluster: HDFS for data and output, YARN containers for the application
 * master and every task, the policy data shipped through the distributed cache. One reducer attempt
 * fails after building its shard and is retried; the index holds every document once.
 */
class MiniClusterIndexJobIT {

    @TempDir
    static Path dir;

    private static MiniDFSCluster dfs;
    private static MiniMRYarnCluster yarn;
    private static Configuration cluster;

    /** Builds its shards, then fails its first attempt on partition 0, before the attempt is committed. */
    public static final class FailingOnceReducer extends ShardReducer {
        @Override
        protected void cleanup(Context context) throws IOException {
            super.cleanup(context);
            if (context.getTaskAttemptID().getId() == 0 && context.getTaskAttemptID().getTaskID().getId() == 0) {
                throw new IOException("injected failure of the first attempt of reducer 0, after it built its shard");
            }
        }
    }

    @BeforeAll
    static void startCluster() throws IOException {
        Configuration conf = new Configuration();
        // Heartbeats and polls every 200 ms instead of seconds; containers start fast, die fast, keep no logs.
        conf.setInt("yarn.resourcemanager.nodemanagers.heartbeat-interval-ms", 200);
        conf.setInt("yarn.app.mapreduce.am.scheduler.heartbeat.interval-ms", 200);
        conf.setInt("mapreduce.client.completion.pollinterval", 200);
        conf.setInt("mapreduce.client.progressmonitor.pollinterval", 200);
        conf.setInt("yarn.nodemanager.sleep-delay-before-sigkill.ms", 100);
        conf.setInt("yarn.nodemanager.process-kill-wait.ms", 200);
        conf.setInt("yarn.nodemanager.log.retain-seconds", 1);
        String jvm = "-Xmx384m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC";
        conf.set("mapreduce.map.java.opts", jvm);
        conf.set("mapreduce.reduce.java.opts", jvm);
        conf.set("yarn.app.mapreduce.am.command-opts", jvm);
        conf.setInt("mapreduce.map.memory.mb", 512);
        conf.setInt("mapreduce.reduce.memory.mb", 512);
        conf.setInt("yarn.app.mapreduce.am.resource.mb", 512);
        conf.setInt("mapreduce.reduce.maxattempts", 2);
        conf.setInt("mapreduce.map.maxattempts", 1);
        dfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
        conf.set("fs.defaultFS", dfs.getFileSystem().getUri().toString());
        yarn = new MiniMRYarnCluster("maat-indexer", 1);
        yarn.init(conf);
        yarn.start();
        cluster = new Configuration(yarn.getConfig());
    }

    @AfterAll
    static void stopCluster() throws IOException {
        if (yarn != null) {
            yarn.stop();
        }
        if (dfs != null) {
            dfs.shutdown();
        }
    }

    @Test
    void aJobOnYarnAndHdfsWithARetriedReducerPublishesEveryDocumentOnce() throws Exception {
        DataDir data = TestData.generate(dir, 200, 81);
        IndexLayout sequential = TestData.index(data, dir.resolve("sequential"), 2);
        FileSystem hdfs = dfs.getFileSystem();
        org.apache.hadoop.fs.Path remoteData = new org.apache.hadoop.fs.Path("/maat/data");
        hdfs.copyFromLocalFile(false, true, new org.apache.hadoop.fs.Path(data.root().toUri()), remoteData);
        org.apache.hadoop.fs.Path remoteIndex = new org.apache.hadoop.fs.Path("/maat/index");

        IndexJob.Result result = new IndexJob(cluster).withReducer(FailingOnceReducer.class)
                .run(remoteData, remoteIndex, 2, 2, Monitoring.REFERENCE_MONITOR, n -> { });

        assertThat(result.documents()).isEqualTo(200);
        assertThat(result.failedAttempts()).as("the injected reducer failure").isEqualTo(1);
        List<String> published = List.of(hdfs.listStatus(remoteIndex)).stream().map(s -> s.getPath().getName()).toList();
        assertThat(published).containsExactlyInAnyOrder("shard-0", "shard-1", "labels.db");

        IndexLayout local = new IndexLayout(dir.resolve("from-hdfs"));
        hdfs.copyToLocalFile(false, remoteIndex, new org.apache.hadoop.fs.Path(local.root().toUri()), true);
        for (int shard = 0; shard < 2; shard++) {
            assertThat(MapReduceEquivalenceIT.ids(local, shard)).isEqualTo(MapReduceEquivalenceIT.ids(sequential, shard));
        }
        try (IndexLabels labels = IndexLabels.open(local)) {
            assertThat(labels.published().orElseThrow().documents()).isEqualTo(200);
        }
        try (SearchService service = SearchService.open(data, local, Monitoring.REFERENCE_MONITOR)) {
            assertThat(service.search(Session.of("u2", "r1"), "budget", 10)).isNotEmpty();
        }
    }
}
