package org.maat.policy.mal;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.maat.policy.facts.Fact;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The mandatory access log: an append-only file of hash-chained {@link MalEntry entries} (format in
 * {@code package-info.java}).
 *
 * <p>Guarantees:
 * <ul>
 *   <li>{@link #append} returns only after the entry's bytes are forced to disk, so an acknowledged
 *       entry survives any crash. An append that throws may or may not be found after reopening.</li>
 *   <li>{@link #open} recovers from a crash: a damaged last line (an append cut short) is truncated,
 *       logged and reported by {@link #recoveredTail()}. Any other damage means the file was altered,
 *       and open throws {@link MalLogCorruptedException} naming the first bad line, dropping nothing.</li>
 *   <li>One writer: the file is locked while open, so no other {@code MalLog}, in this process or
 *       another, can append to it. All methods are thread-safe; appends are serialised.</li>
 * </ul>
 */
public final class MalLog implements Closeable {

    private static final Logger LOG = LoggerFactory.getLogger(MalLog.class);

    private final Path file;
    private final FileChannel channel;
    private final Clock clock;
    private final Optional<VerifyReport.Defect> recoveredTail;
    private final long recoveredBytes;
    private final List<Consumer<? super MalEntry>> listeners = new CopyOnWriteArrayList<>();

    // Guarded by this.
    private long size;
    private String headHash;
    private long fileLength;
    private IOException writeFailure;
    private boolean closed;

    private MalLog(Path file, FileChannel channel, Clock clock, VerifyReport state,
                   Optional<VerifyReport.Defect> recoveredTail, long recoveredBytes) {
        this.file = file;
        this.channel = channel;
        this.clock = clock;
        this.size = state.entries();
        this.headHash = state.headHash();
        this.fileLength = state.validBytes();
        this.recoveredTail = recoveredTail;
        this.recoveredBytes = recoveredBytes;
    }

    /** Opens the log at {@code file} with timestamps from the system clock; see {@link #open(Path, Clock)}. */
    public static MalLog open(Path file) throws IOException {
        return open(file, Clock.systemUTC());
    }

    /**
     * Opens the log at {@code file}, creating it if missing (its directory must exist), and
     * recovers a crash-damaged last line by truncating it.
     *
     * @throws MalLogCorruptedException if the file is damaged other than at its last line
     * @throws IOException              if the file cannot be read or written, or another
     *                                  {@code MalLog} has it open
     */
    public static MalLog open(Path file, Clock clock) throws IOException {
        Objects.requireNonNull(clock, "clock");
        boolean created;
        FileChannel channel;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            created = true;
        } catch (FileAlreadyExistsException e) {
            channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
            created = false;
        }
        try {
            lockExclusively(channel, file);
            if (created) {
                forceDirectory(file.toAbsolutePath().getParent());
            }
            long fileLength = channel.size();
            VerifyReport state = MalChainReader.read(file, channel, fileLength, entry -> { });
            Optional<VerifyReport.Defect> defect = state.defect();
            if (defect.isPresent() && !defect.get().fromInterruptedAppend()) {
                throw new MalLogCorruptedException(state);
            }
            long recovered = fileLength - state.validBytes();
            if (defect.isPresent()) {
                channel.truncate(state.validBytes());
                channel.force(true);
                LOG.warn("MAL log {}: truncated {} bytes of an interrupted append: {}", file, recovered,
                        defect.get().describe(file));
            }
            return new MalLog(file, channel, clock, state, defect, recovered);
        } catch (IOException | RuntimeException e) {
            channel.close(); // also releases the lock
            throw e;
        }
    }

    /**
     * Walks the hash chain of the log at {@code file} without modifying it, and reports the number
     * of good entries and the first defect, if any. Works on a log that is open elsewhere.
     *
     * @throws java.nio.file.NoSuchFileException if the file does not exist
     */
    public static VerifyReport verify(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            return MalChainReader.read(file, channel, channel.size(), entry -> { });
        }
    }

    /**
     * Reads the log at {@code file} without modifying or locking it, handing every good entry to
     * {@code sink} in sequence order up to the first defect, and reports what it read. Meant for a
     * reader that follows a log another process or component appends to: a line being appended
     * at the moment shows as a defect of an interrupted append, and the entries before it are
     * good; reading again later finds it complete.
     *
     * @throws java.nio.file.NoSuchFileException if the file does not exist
     */
    public static VerifyReport read(Path file, Consumer<? super MalEntry> sink) throws IOException {
        Objects.requireNonNull(sink, "sink");
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            return MalChainReader.read(file, channel, channel.size(), sink);
        }
    }

    /**
     * Appends an entry recording that {@code principal} read {@code conduitId}, forces it to disk,
     * then hands it to every {@linkplain #onAppend listener}, in sequence order, before returning it.
     *
     * @throws IOException if writing or forcing fails; the log then refuses further appends
     *                     until it is reopened, since the file's tail is in an unknown state
     */
    public synchronized MalEntry append(String principal, String conduitId, String reason) throws IOException {
        requireText(principal, "principal");
        requireText(conduitId, "conduitId");
        Objects.requireNonNull(reason, "reason");
        checkWritable();
        MalEntry entry = MalEntryCodec.seal(size, clock.millis(), principal, conduitId, reason, headHash);
        byte[] line = MalEntryCodec.encode(entry);
        if (line.length - 1 > MalEntryCodec.MAX_LINE_BYTES) {
            throw new IllegalArgumentException("a MAL entry takes at most " + MalEntryCodec.MAX_LINE_BYTES
                    + " bytes; this one takes " + (line.length - 1));
        }
        try {
            ByteBuffer buffer = ByteBuffer.wrap(line);
            long position = fileLength;
            while (buffer.hasRemaining()) {
                position += channel.write(buffer, position);
            }
            channel.force(true);
        } catch (IOException e) {
            writeFailure = e;
            throw e;
        }
        fileLength += line.length;
        size++;
        headHash = entry.hash();
        for (Consumer<? super MalEntry> listener : listeners) {
            listener.accept(entry);
        }
        return entry;
    }

    /**
     * Registers {@code listener} to receive every entry appended from now on, once it is on disk.
     * It runs on the appending thread while appends are held back, so it should be quick; an
     * exception from it propagates out of {@link #append} after the entry is already logged.
     */
    public void onAppend(Consumer<? super MalEntry> listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /**
     * Every entry, in sequence order, read back from the file and re-verified.
     *
     * @throws MalLogCorruptedException if the file was altered while open
     */
    public synchronized List<MalEntry> entries() throws IOException {
        checkOpen();
        List<MalEntry> entries = new ArrayList<>();
        VerifyReport report = MalChainReader.read(file, channel, fileLength, entries::add);
        if (!report.ok()) {
            throw new MalLogCorruptedException(report);
        }
        return List.copyOf(entries);
    }

    /** {@code logged(principal, conduitId)} for every entry, in sequence order. */
    public List<Fact> facts() throws IOException {
        return entries().stream().map(MalEntry::asFact).toList();
    }

    /** The number of entries; also the sequence number the next append gets. */
    public synchronized long size() {
        return size;
    }

    /** The hash of the last entry, or {@link MalEntry#GENESIS_HASH} for an empty log. */
    public synchronized String headHash() {
        return headHash;
    }

    public Path file() {
        return file;
    }

    /** The damaged last line that {@link #open} truncated, if it truncated one. */
    public Optional<VerifyReport.Defect> recoveredTail() {
        return recoveredTail;
    }

    /** How many bytes {@link #open} truncated from a damaged last line; 0 if none. */
    public long recoveredBytes() {
        return recoveredBytes;
    }

    /** Releases the file and its lock; further appends fail. */
    @Override
    public synchronized void close() throws IOException {
        if (!closed) {
            closed = true;
            channel.close();
        }
    }

    private static void lockExclusively(FileChannel channel, Path file) throws IOException {
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            throw new IOException("MAL log " + file + " is already open in this process", e);
        }
        if (lock == null) {
            throw new IOException("MAL log " + file + " is open in another process");
        }
    }

    /** Makes a new file's directory entry durable, so the file itself survives a crash. */
    private static void forceDirectory(Path directory) {
        try (FileChannel dir = FileChannel.open(directory, StandardOpenOption.READ)) {
            dir.force(true);
        } catch (IOException e) {
            // Some platforms cannot open a directory; there the file system orders this itself.
            LOG.debug("cannot force directory {}: {}", directory, e.toString());
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("MAL log " + file + " is closed");
        }
    }

    private void checkWritable() throws IOException {
        checkOpen();
        if (writeFailure != null) {
            throw new IOException("MAL log " + file + " failed an earlier append; reopen it to recover",
                    writeFailure);
        }
    }

    private static void requireText(String value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isBlank()) {
            throw new IllegalArgumentException(name + " must not be blank");
        }
    }
}
