package org.maat.indexer.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.runtime.TestData;
import org.maat.policy.mal.MalEntry;
import org.maat.policy.mal.MalLog;

class PolicyDataTest {

    @TempDir
    Path dir;

    @Test
    void aTaskGetsAnExactCopyOfThePolicyDataTheDriverChecksummed() throws IOException {
        DataDir data = TestData.generate(dir, 20, 91);
        Job job = Job.getInstance(new Configuration());
        PolicyData.register(job, new org.apache.hadoop.fs.Path(data.root().toUri()), false);
        Path copy = Files.createDirectory(dir.resolve("task"));
        PolicyData.localize(job.getConfiguration(), copy);
        assertThat(Files.readAllBytes(copy.resolve("policy.db"))).isEqualTo(Files.readAllBytes(data.policyStore()));
        assertThat(Files.readAllBytes(copy.resolve("mal.log"))).isEqualTo(Files.readAllBytes(data.malLog()));
        assertThat(Files.readAllBytes(copy.resolve("mal.log.head")))
                .isEqualTo(Files.readAllBytes(MalLog.headFile(data.malLog())));
        // The copy is one the task can open: a log begun with a head file is refused without it.
        try (MalLog log = MalLog.open(copy.resolve("mal.log"))) {
            assertThat(log.size()).isEqualTo(MalLog.verify(data.malLog()).entries()).isPositive();
        }
    }

    @Test
    void aLogBegunBeforeHeadFilesReachesTheTaskWithoutOne() throws IOException {
        DataDir data = TestData.generate(dir, 20, 93);
        Files.delete(MalLog.headFile(data.malLog()));
        Files.write(data.malLog(), new byte[0]); // an old log never appended to: no head, nothing to anchor
        Job job = Job.getInstance(new Configuration());
        PolicyData.register(job, new org.apache.hadoop.fs.Path(data.root().toUri()), false);
        Path copy = Files.createDirectory(dir.resolve("task"));
        PolicyData.localize(job.getConfiguration(), copy);
        assertThat(copy.resolve("mal.log.head")).doesNotExist();
        try (MalLog log = MalLog.open(copy.resolve("mal.log"))) {
            assertThat(log.size()).isZero();
        }
    }

    @Test
    void aHeadChangedAfterSubmissionIsRefusedByTheTask() throws IOException {
        DataDir data = TestData.generate(dir, 20, 94);
        Job job = Job.getInstance(new Configuration());
        PolicyData.register(job, new org.apache.hadoop.fs.Path(data.root().toUri()), false);
        Files.writeString(MalLog.headFile(data.malLog()), "maat-mal-head 1 0 " + MalEntry.HEADED_GENESIS_HASH + "\n");
        Path copy = Files.createDirectory(dir.resolve("task"));
        assertThatThrownBy(() -> PolicyData.localize(job.getConfiguration(), copy))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("mal.log.head changed or was damaged on its way to the task");
    }

    @Test
    void policyDataChangedAfterSubmissionIsRefusedByTheTask() throws IOException {
        DataDir data = TestData.generate(dir, 20, 92);
        Job job = Job.getInstance(new Configuration());
        PolicyData.register(job, new org.apache.hadoop.fs.Path(data.root().toUri()), false);
        // A MAL entry appended behind the driver's back: the task would judge flows on facts the job never saw.
        Files.writeString(data.malLog(), "tampered\n", StandardOpenOption.APPEND);
        Path copy = Files.createDirectory(dir.resolve("task"));
        assertThatThrownBy(() -> PolicyData.localize(job.getConfiguration(), copy))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("mal.log changed or was damaged on its way to the task")
                .hasMessageContaining("the task does not run on policy data it cannot trust");
    }

    @Test
    void aDirectoryThatIsNotADataDirectoryIsRefusedAtSubmission() throws IOException {
        Job job = Job.getInstance(new Configuration());
        assertThatThrownBy(() -> PolicyData.register(job, new org.apache.hadoop.fs.Path(dir.toUri()), false))
                .hasMessageContaining("policy.db does not exist");
    }
}
