package org.maat.indexer.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.policy.lang.Permission;
import org.maat.policy.monitor.PolicyViolation;

class FailureReportTest {

    @TempDir
    Path dir;

    private Configuration conf(org.apache.hadoop.fs.Path out) {
        Configuration conf = new Configuration(false);
        conf.set("fs.defaultFS", "file:///");
        conf.set(IndexJobConf.FAILURE_REPORT, IndexJobConf.failureReport(out).toString());
        return conf;
    }

    @Test
    void tasksFailingAtOnceEachLeaveAReadableReportAndTheDenialWins() throws Exception {
        org.apache.hadoop.fs.Path out = new org.apache.hadoop.fs.Path(dir.resolve("index").toUri());
        Configuration conf = conf(out);
        int tasks = 8;
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < tasks; i++) {
            int task = i;
            Thread t = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                Throwable cause = task == 5
                        ? new IllegalStateException("already closed", new PolicyViolation("h3", Permission.READ, null, null,
                                "history flows nowhere", null))
                        : new IllegalStateException("stopped with the job");
                FailureReport.write(conf, "reduce task attempt_0_r_00000" + task + "_0", cause);
            });
            t.start();
            threads.add(t);
        }
        start.countDown();
        for (Thread t : threads) {
            t.join();
        }

        Optional<String> report = FailureReport.take(conf, out);

        assertThat(report).hasValueSatisfying(text -> assertThat(text)
                .startsWith(FailureReport.REFUSED + "\n")
                .contains("attempt_0_r_000005_0")
                .contains("history flows nowhere"));
        assertThat(Files.exists(dir.resolve("index").resolve("_maat-job-failure"))).isFalse();
        assertThat(FailureReport.take(conf, out)).isEmpty();
    }

    @Test
    void withoutADenialTheEarliestFailureIsReported() throws Exception {
        org.apache.hadoop.fs.Path out = new org.apache.hadoop.fs.Path(dir.resolve("index").toUri());
        Configuration conf = conf(out);
        FailureReport.write(conf, "map task attempt_0_m_000000_0", new java.io.IOException("disk full"));
        Thread.sleep(20);
        FailureReport.write(conf, "map task attempt_0_m_000001_0", new java.io.IOException("stopped"));

        assertThat(FailureReport.take(conf, out)).hasValueSatisfying(text -> assertThat(text)
                .isEqualTo(FailureReport.FAILED + "\nmap task attempt_0_m_000000_0: disk full"));
    }
}
