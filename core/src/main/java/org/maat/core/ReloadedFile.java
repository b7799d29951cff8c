package org.maat.core;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * A small file's parsed content, read again whenever the file changed: every {@link #current} stats the file once
 * ({@link FileStamp}) and parses it anew when its size, time or identity differ from the last read, or when that
 * read was too soon after a write for the time to tell. So a process that keeps the value (a running front-end's
 * accounts and roles) sees what another process (the command line) wrote, on its next call, without a restart.
 * Thread-safe: a parse publishes its value whole.
 *
 * @param <T> what the file is parsed into
 */
public final class ReloadedFile<T> {

    /** Parses the file's content; throws a clear error (naming the file) when it is damaged. */
    @FunctionalInterface
    public interface Parser<T> {
        T parse(Path file);
    }

    private record Read<T>(FileStamp stamp, T value) {
    }

    private final Path file;
    private final Parser<T> parser;
    private volatile Read<T> last;

    /** {@code file}, parsed now (a damaged file fails here, as it will at any later read). */
    public ReloadedFile(Path file, Parser<T> parser) {
        this.file = file;
        this.parser = parser;
        this.last = read(stamp());
    }

    /** The file's content as it is now. */
    public T current() {
        FileStamp now = stamp();
        Read<T> known = last;
        if (known.stamp().sameAs(now) && known.stamp().settled()) {
            return known.value();
        }
        Read<T> fresh = read(now);
        last = fresh;
        return fresh.value();
    }

    private Read<T> read(FileStamp stamp) {
        return new Read<>(stamp, parser.parse(file));
    }

    private FileStamp stamp() {
        try {
            return FileStamp.of(file);
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot stat: " + e.getMessage(), e);
        }
    }
}
