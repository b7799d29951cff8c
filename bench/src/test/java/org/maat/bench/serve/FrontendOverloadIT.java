package org.maat.bench.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.bench.search.TitleQueries;
import org.maat.core.accounts.GeneratedLogins;
import org.maat.core.accounts.PasswordHasher;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.task.Monitoring;
import org.maat.server.SearchDeployment;
import org.maat.server.Topology;
import org.maat.server.WarFile;

/**
 * A burst far beyond the front-end's capacity, at its default limits: it sheds with 503 JSON within
 * its bounded wait instead of queueing, every request gets an answer, and the threads the burst
 * needed are gone seconds after it.
 */
class FrontendOverloadIT {

    /** The WAR's default maat.maxWaitMillis. */
    private static final long MAX_WAIT_MILLIS = 500;

    @TempDir
    Path dir;

    @Test
    void aBurstIsShedWith503JsonWithinTheBoundedWaitAndItsThreadsEndAfterIt() throws Exception {
        DataDir data = BenchData.generate(dir.resolve("data"), BenchData.mixSpec(300, 20, 5), 300,
                BenchData.LIGHT_HASHER, line -> { });
        IndexLayout index = BenchData.index(data, dir.resolve("index"), 2, line -> { });
        TitleQueries queries;
        try (DataSet followed = DataSet.openFollower(data)) {
            queries = TitleQueries.of(followed, new SplittableRandom(5));
        }
        OverloadBenchmark.Report report;
        int idle;
        int justAfter;
        int settled;
        try (SearchDeployment deployment = SearchDeployment.start(WarFile.locate(), data, index, Topology.TWO_SERVERS,
                Monitoring.REFERENCE_MONITOR, "127.0.0.1", 0, c -> c)) {
            Thread.sleep(3_000);
            idle = servingThreads();
            // A short lead-in: this test judges the shedding, not the unloaded latency the lead-in measures.
            report = new OverloadBenchmark(deployment.url(), GeneratedLogins.read(data), queries, 10, 5)
                    .withLeadIn(Duration.ofSeconds(2), Duration.ofSeconds(1))
                    .run(150, 4, Duration.ofMillis(50), Duration.ZERO, line -> { });
            justAfter = servingThreads();
            // The burst's threads end within seconds (Jetty's, the fan-out's, the shard client's).
            settled = justAfter;
            for (int i = 0; i < 40 && settled > idle + 4; i++) {
                Thread.sleep(250);
                settled = servingThreads();
            }
        }
        assertThat(report.statuses()).as("every request answered, in JSON: %s", report.firstMessages())
                .doesNotContainKey(OverloadBenchmark.NO_ANSWER);
        assertThat(report.statuses().getOrDefault(200, 0)).as("searches served").isPositive();
        assertThat(report.statuses().getOrDefault(503, 0)).as("searches shed").isPositive();
        assertThat(report.firstMessages().get(503)).contains("busy");
        assertThat(report.shed().max()).as("a shed search learns it within the bounded wait")
                .isLessThan(MAX_WAIT_MILLIS + 3_000);
        assertThat(report.admitted().max()).as("no admitted search waits in a queue for seconds")
                .isLessThan(MAX_WAIT_MILLIS + 8_000);
        assertThat(justAfter).as("the deployment's threads at the end of the burst, %d idle", idle)
                .isGreaterThan(idle + 4);
        assertThat(settled).as("the deployment's threads 10 s after the burst, %d idle", idle)
                .isLessThanOrEqualTo(idle + 4);
    }

    /** Live threads of the deployment's pools: Jetty's (front-end, shards), the fan-out's, the HTTP client's. */
    private static int servingThreads() {
        return (int) Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.startsWith("front-end") || n.startsWith("shard-") || n.startsWith("maat-fanout")
                        || n.startsWith("maat-shard-http") || n.startsWith("HttpClient-"))
                .count();
    }
}
