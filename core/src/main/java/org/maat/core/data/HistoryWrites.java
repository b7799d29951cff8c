package org.maat.core.data;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.UnaryOperator;

/**
 * The one way to write users' search histories ({@code DATA/profile/USER/history}): the front-end appends one line,
 * a disguise rewrites the whole file (taking lines out, putting them back). Both run under one lock of the data
 * directory, taken by every writer: a rewrite reads the file, computes and renames its new bytes over it with no
 * append in between, so it never drops a line appended meanwhile, and an append never writes into a file a rewrite
 * is about to replace. The lock is a lock of this process per data directory (a second writer here waits) and, across
 * processes, an OS lock on {@code DATA/history.lock} (a {@code maat disguise} command beside a running front-end
 * waits for it; the OS releases it when its holder dies).
 *
 * <p>Crash safety: an append is one write of a whole line (a crash leaves at most a torn last line, which the next
 * append terminates with a newline first); a rewrite writes its bytes beside the file, forces them and renames them
 * over it, so a crash leaves the old bytes or the new ones. Not guaranteed: an append is not forced to disk (a
 * power loss may lose it; a history only re-ranks its owner's results).
 */
public final class HistoryWrites {

    /** The file whose OS lock the writers of a data directory's histories take. */
    public static final String LOCK_FILE = "history.lock";
    private static final String HISTORY = "history";
    /** This process's lock of each data directory, by the absolute path of its lock file. */
    private static final ConcurrentHashMap<Path, ReentrantLock> LOCAL = new ConcurrentHashMap<>();

    private final DataDir data;

    public HistoryWrites(DataDir data) {
        this.data = Objects.requireNonNull(data, "data");
    }

    /** Appends {@code line} (one whole line, with its newline) to {@code user}'s history, creating it if absent. */
    public void append(String user, byte[] line) throws IOException {
        Path file = file(user);
        exclusive(() -> {
            Files.createDirectories(file.getParent());
            try (FileChannel out = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.APPEND)) {
                ByteBuffer buffer = ByteBuffer.wrap(out.size() > 0 && !endsWithNewline(file, out.size())
                        ? newlineFirst(line) : line);
                while (buffer.hasRemaining()) {
                    out.write(buffer);
                }
            }
            return null;
        });
    }

    /**
     * Replaces {@code user}'s history with {@code change} applied to its bytes, all under the lock; nothing is
     * written when the user has no history or {@code change} returns equal bytes.
     *
     * @return the bytes now in the file; empty when the user has no history
     */
    public Optional<byte[]> rewrite(String user, UnaryOperator<byte[]> change) throws IOException {
        Path file = file(user);
        return exclusive(() -> {
            if (!Files.isRegularFile(file)) {
                return Optional.empty();
            }
            byte[] now = Files.readAllBytes(file);
            byte[] to = change.apply(now);
            if (!java.util.Arrays.equals(now, to)) {
                replace(file, to);
            }
            return Optional.of(to);
        });
    }

    private static void replace(Path file, byte[] content) throws IOException {
        Path tmp = file.resolveSibling(HISTORY + ".rewrite-tmp");
        Files.write(tmp, content);
        try (FileChannel c = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
            c.force(true);
        }
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        try (FileChannel dir = FileChannel.open(file.getParent(), StandardOpenOption.READ)) {
            dir.force(true);
        } catch (IOException notSupported) {
            // some file systems cannot open a directory; the rename is still atomic
        }
    }

    private interface Locked<T> {
        T run() throws IOException;
    }

    /** Runs {@code action} holding this process's lock of the data directory, then the OS lock. */
    private <T> T exclusive(Locked<T> action) throws IOException {
        Path lockFile = data.root().resolve(LOCK_FILE).toAbsolutePath().normalize();
        ReentrantLock local = LOCAL.computeIfAbsent(lockFile, p -> new ReentrantLock());
        local.lock();
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock held = channel.lock()) {
            return action.run();
        } finally {
            local.unlock();
        }
    }

    private static boolean endsWithNewline(Path file, long size) throws IOException {
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer last = ByteBuffer.allocate(1);
            in.read(last, size - 1);
            return last.get(0) == '\n';
        }
    }

    private static byte[] newlineFirst(byte[] line) {
        byte[] out = new byte[line.length + 1];
        out[0] = '\n';
        System.arraycopy(line, 0, out, 1, line.length);
        return out;
    }

    private Path file(String user) {
        return data.profile(user).resolve(HISTORY);
    }
}
