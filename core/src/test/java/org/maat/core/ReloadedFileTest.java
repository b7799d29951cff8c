package org.maat.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Another process's write is seen at the next read: a file replaced by a rename, and one rewritten in place with the
 * same size and modification time (a write within the file system's time granularity), which only a read too soon
 * after the write to trust its time sees. A file left alone is not parsed again once its time is settled.
 */
class ReloadedFileTest {

    @TempDir
    Path dir;

    @Test
    void aReplacedFileIsReadAgain() throws Exception {
        Path file = dir.resolve("accounts");
        Files.writeString(file, "u1");
        ReloadedFile<String> read = new ReloadedFile<>(file, ReloadedFileTest::text);
        assertThat(read.current()).isEqualTo("u1");
        Path aside = dir.resolve("accounts.new");
        Files.writeString(aside, "u2");
        Files.move(aside, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        assertThat(read.current()).isEqualTo("u2");
    }

    @Test
    void aFileRewrittenInPlaceWithTheSameSizeAndTimeIsReadAgainWhileItsTimeIsRecent() throws Exception {
        Path file = dir.resolve("roles");
        Files.writeString(file, "u1 hr");
        FileTime time = Files.getLastModifiedTime(file);
        ReloadedFile<String> read = new ReloadedFile<>(file, ReloadedFileTest::text);
        Files.writeString(file, "u2 hr");
        Files.setLastModifiedTime(file, time);
        assertThat(read.current()).isEqualTo("u2 hr");
    }

    @Test
    void aSettledFileLeftAloneIsNotParsedAgain() throws Exception {
        Path file = dir.resolve("roles");
        Files.writeString(file, "u1 hr");
        Files.setLastModifiedTime(file, FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        AtomicInteger parses = new AtomicInteger();
        ReloadedFile<String> read = new ReloadedFile<>(file, f -> {
            parses.incrementAndGet();
            return text(f);
        });
        for (int i = 0; i < 5; i++) {
            assertThat(read.current()).isEqualTo("u1 hr");
        }
        assertThat(parses).hasValue(1);
    }

    private static String text(Path file) {
        try {
            return Files.readString(file);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
