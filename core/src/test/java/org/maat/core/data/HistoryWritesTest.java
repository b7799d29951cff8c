package org.maat.core.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.channels.FileChannel;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A search history's append (the front-end's, another session's search) and rewrite (a disguise taking lines out)
 * serialize on one lock: an append that comes while a rewrite has read the file waits until the new bytes are in
 * place and is kept after them; the rewrite holds the OS lock other processes take. No timing: the test waits until
 * the appending thread either has finished (the append went through the rewrite) or is parked on the lock.
 */
class HistoryWritesTest {

    @TempDir
    Path dir;

    @Test
    void anAppendDuringARewriteWaitsForItAndIsKept() throws Exception {
        DataDir data = DataDir.at(dir);
        HistoryWrites writes = new HistoryWrites(data);
        writes.append("u3", line("q1"));
        writes.append("u3", line("view d7"));
        byte[] appended = line("q2");
        AtomicBoolean wentThrough = new AtomicBoolean();
        AtomicReference<Throwable> failed = new AtomicReference<>();
        Thread search = new Thread(() -> {
            try {
                writes.append("u3", appended);
            } catch (Throwable e) {
                failed.set(e);
            }
        });
        writes.rewrite("u3", now -> {
            search.start();
            while (search.isAlive() && search.getState() != Thread.State.WAITING) {
                Thread.onSpinWait();
            }
            wentThrough.set(!search.isAlive());
            return line("q1"); // the view taken out
        });
        search.join();
        assertThat(failed.get()).isNull();
        assertThat(wentThrough).as("the append waited for the rewrite").isFalse();
        assertThat(Files.readString(data.profile("u3").resolve("history"))).isEqualTo("q1\nq2\n");
    }

    @Test
    void aRewriteHoldsTheLockOtherProcessesTake() throws Exception {
        DataDir data = DataDir.at(dir);
        HistoryWrites writes = new HistoryWrites(data);
        writes.append("u3", line("q1"));
        writes.rewrite("u3", now -> {
            try (FileChannel c = FileChannel.open(dir.resolve(HistoryWrites.LOCK_FILE), StandardOpenOption.WRITE)) {
                // held by this process: another process's lock() would wait, a second one here is refused
                assertThatThrownBy(c::tryLock).isInstanceOf(OverlappingFileLockException.class);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return now;
        });
        try (FileChannel c = FileChannel.open(dir.resolve(HistoryWrites.LOCK_FILE), StandardOpenOption.WRITE)) {
            assertThat(c.tryLock()).as("released after the rewrite").isNotNull().satisfies(l -> l.release());
        }
    }

    @Test
    void anAppendTerminatesATornLastLineAndARewriteOfNoHistoryWritesNothing() throws Exception {
        DataDir data = DataDir.at(dir);
        HistoryWrites writes = new HistoryWrites(data);
        assertThat(writes.rewrite("u4", now -> line("x"))).isEmpty();
        assertThat(data.profile("u4")).doesNotExist();
        Files.createDirectories(data.profile("u4"));
        Files.writeString(data.profile("u4").resolve("history"), "torn");
        writes.append("u4", line("q1"));
        assertThat(Files.readString(data.profile("u4").resolve("history"))).isEqualTo("torn\nq1\n");
    }

    private static byte[] line(String text) {
        return (text + "\n").getBytes(StandardCharsets.UTF_8);
    }
}
