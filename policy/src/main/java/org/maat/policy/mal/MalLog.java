package org.maat.policy.mal;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
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
 * {@code package-info.java}), anchored by a head file ({@link MalHead}) that records the entry count
 * and last hash after every append.
 *
 * <p>Guarantees:
 * <ul>
 *   <li>{@link #append} returns only after the entry's bytes and then the new head are forced to
 *       disk, so an acknowledged entry survives any crash, and removing it later, even from the end,
 *       is detected. An append that throws may or may not be found after reopening.</li>
 *   <li>Only a last line without its line end is crash damage (an append cut short). Opening
 *       accepts it and leaves it in place; the first {@link #append} truncates it before writing.
 *       So a log opened only to read (a search) is never modified: {@link #open} writes nothing
 *       unless the file is missing (then it creates it empty, with its head file).</li>
 *   <li>Anything else is tampering, and {@link #open}, {@link #verify} and {@link #read} refuse or
 *       report it naming the file and line, dropping nothing: a complete line that is not the next
 *       good entry (a flipped byte or a garbage line, even the last), a log that ends before the
 *       entry its head anchors, an anchored entry with another hash, and, when no one is appending,
 *       more than one entry past the head.</li>
 *   <li>Crash windows: a crash before the log is forced leaves the head's entries and possibly an
 *       unterminated line; a crash after the log is forced but before the head is replaced leaves
 *       exactly one complete entry past the head, chained from it, which is accepted (the next
 *       append moves the head past it).</li>
 *   <li>A log has its head file from its creation (0 entries), and an append to a log without one
 *       writes it before the entry. Entry #0 of such a log chains from
 *       {@link MalEntry#HEADED_GENESIS_HASH}, so a log whose entry #0 does so and that has no head
 *       file is refused ({@link VerifyReport.Reason#HEAD_MISSING}): deleting the head file, with or
 *       without trailing entries, is detected. Entry #0 must chain from one of the two genesis
 *       values. A missing log whose head file records entries is not created anew but refused by
 *       {@link #open}.</li>
 *   <li>Migration: a log begun before head files (entry #0 chains from
 *       {@link MalEntry#GENESIS_HASH}) without a head file is accepted as it stands, and its next
 *       append writes the head. Its entry #0 stays old-style, so from then on trailing deletions
 *       from it are detected only while its head file exists: deleting the head together with
 *       trailing entries makes it read as an unmigrated log again.</li>
 *   <li>Not detected: rewriting the log and its head file consistently (including rechaining every
 *       entry from the old genesis value and deleting the head), deleting the log together with its
 *       head (it is created anew, empty), deleting every entry together with the head (an empty
 *       log is accepted), and replacing both files with an older copy of the pair. The head is a
 *       local anchor against silent loss and careless edits, not a signature.</li>
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
    /** An unterminated last line found by open, not yet truncated. Guarded by this. */
    private boolean tornTailPending;
    /** Whether the head file exists; if not, the next append writes it before its entry. Guarded by this. */
    private boolean anchored;
    private final List<Consumer<? super MalEntry>> listeners = new CopyOnWriteArrayList<>();

    // Guarded by this.
    private long size;
    private String headHash;
    private long fileLength;
    private IOException writeFailure;
    private boolean closed;

    private MalLog(Path file, FileChannel channel, Clock clock, VerifyReport state,
                   Optional<VerifyReport.Defect> recoveredTail, long recoveredBytes, boolean anchored) {
        this.file = file;
        this.channel = channel;
        this.clock = clock;
        this.size = state.entries();
        this.headHash = state.headHash();
        this.fileLength = state.validBytes();
        this.recoveredTail = recoveredTail;
        this.recoveredBytes = recoveredBytes;
        this.tornTailPending = recoveredTail.isPresent();
        this.anchored = anchored;
    }

    /** Opens the log at {@code file} with timestamps from the system clock; see {@link #open(Path, Clock)}. */
    public static MalLog open(Path file) throws IOException {
        return open(file, Clock.systemUTC());
    }

    /**
     * Opens the log at {@code file}, creating it if missing (its directory must exist) together with
     * its head file (0 entries), and checks it against its head. Writes nothing to an existing log
     * or head: an unterminated last line is left for the first {@link #append} to truncate.
     *
     * @throws MalLogCorruptedException if the log or its head file was altered
     * @throws IOException              if the file cannot be read or written, or another
     *                                  {@code MalLog} has it open
     */
    public static MalLog open(Path file, Clock clock) throws IOException {
        Objects.requireNonNull(clock, "clock");
        refuseLostLog(file);
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
                new MalHead(0, MalEntry.HEADED_GENESIS_HASH).write(file);
            }
            long fileLength = channel.size();
            Optional<MalHead> head = MalHead.read(file);
            VerifyReport state = checkWithoutWriter(MalChainReader.read(file, channel, fileLength, entry -> { },
                    head.orElse(null)), head);
            Optional<VerifyReport.Defect> defect = state.defect();
            if (defect.isPresent() && !defect.get().fromInterruptedAppend()) {
                throw new MalLogCorruptedException(state);
            }
            long torn = fileLength - state.validBytes();
            if (defect.isPresent()) {
                // Harmless until an append, which truncates it and warns then.
                LOG.info("MAL log {}: the last {} bytes are an interrupted append, removed by the next append: {}",
                        file, torn, defect.get().describe(file));
            }
            if (head.isEmpty() && state.entries() > 0) {
                // Only a log begun before head files gets here: the chain reader refuses any other.
                LOG.info("MAL log {} was begun before head files and has none ({}): accepted as it stands;"
                        + " its next append writes the head", file, MalHead.fileOf(file));
            }
            return new MalLog(file, channel, clock, state, defect, torn, head.isPresent());
        } catch (IOException | RuntimeException e) {
            channel.close(); // also releases the lock
            throw e;
        }
    }

    /** A missing log whose head file records entries was deleted, not never created: it is not created anew. */
    private static void refuseLostLog(Path file) throws IOException {
        if (Files.exists(file)) {
            return;
        }
        Optional<MalHead> head = MalHead.read(file);
        if (head.isPresent() && head.get().entries() > 0) {
            throw MalHead.damaged(file, VerifyReport.Reason.MISSING_ENTRIES, "the log is missing but its head file "
                    + MalHead.fileOf(file) + " records " + head.get().entries() + " entries: the log was deleted");
        }
    }

    /**
     * With no append in progress, at most one entry can follow the head: the one a crash forced to
     * the log before its head was replaced. More were written by something other than a MalLog.
     */
    private static VerifyReport checkWithoutWriter(VerifyReport report, Optional<MalHead> head) {
        if (head.isEmpty() || report.entries() <= head.get().entries() + 1
                || report.defect().filter(d -> !d.fromInterruptedAppend()).isPresent()) {
            return report;
        }
        long anchored = head.get().entries();
        return new VerifyReport(report.file(), anchored + 1, report.headHash(), report.validBytes(), Optional.of(
                new VerifyReport.Defect(anchored + 2, anchored + 1, -1, VerifyReport.Reason.UNANCHORED_ENTRIES,
                        report.entries() + " entries follow entry #" + (anchored - 1) + ", the last one the head file"
                        + " records; a crash leaves at most one", false)));
    }

    /**
     * Walks the hash chain of the log at {@code file} and checks it against its head, without
     * modifying either, and reports the number of good entries and the first defect, if any. Works
     * on a log that is open elsewhere; when no one holds it open, more than one entry past the
     * head is a defect too, as for {@link #open}.
     *
     * @throws java.nio.file.NoSuchFileException if the file does not exist
     */
    public static VerifyReport verify(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            FileLock idle = tryLockShared(channel);
            try {
                Optional<MalHead> head = MalHead.read(file);
                VerifyReport report = readChain(file, channel, entry -> { }, head);
                return idle == null ? report : checkWithoutWriter(report, head);
            } catch (MalLogCorruptedException e) {
                return e.report();
            } finally {
                if (idle != null) {
                    idle.release();
                }
            }
        }
    }

    /**
     * Reads the log at {@code file} without modifying or locking it, handing every good entry to
     * {@code sink} in sequence order up to the first defect, and reports what it read. Meant for a
     * reader that follows a log another process or component appends to: a line being appended
     * at the moment shows as a defect of an interrupted append, and the entries before it are
     * good; reading again later finds it complete. Entries past the head are expected here (the
     * writer may be between its two forces, or the head read here may be older than the log).
     *
     * @throws java.nio.file.NoSuchFileException if the file does not exist
     */
    public static VerifyReport read(Path file, Consumer<? super MalEntry> sink) throws IOException {
        Objects.requireNonNull(sink, "sink");
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            // The head first: it only moves forward, so the log read after it holds at least its entries.
            Optional<MalHead> head;
            try {
                head = MalHead.read(file);
            } catch (MalLogCorruptedException e) {
                return e.report();
            }
            return readChain(file, channel, sink, head);
        }
    }

    /**
     * Reads the chain against {@code head}, read before it. The first append to a log without a head
     * file writes the head and then entry #0; a reader between the two reads finds a log begun with a
     * head file and no head, so it reads the head again, which then exists, and the chain once more.
     * No entry reached {@code sink} the first time: the defect is at entry #0.
     */
    private static VerifyReport readChain(Path file, FileChannel channel, Consumer<? super MalEntry> sink,
                                          Optional<MalHead> head) throws IOException {
        VerifyReport report = MalChainReader.read(file, channel, channel.size(), sink, head.orElse(null));
        if (head.isEmpty() && report.defect().filter(d -> d.reason() == VerifyReport.Reason.HEAD_MISSING).isPresent()) {
            Optional<MalHead> now = MalHead.read(file);
            if (now.isPresent()) {
                return MalChainReader.read(file, channel, channel.size(), sink, now.get());
            }
        }
        return report;
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
            if (!anchored) {
                // Before the entry: a log whose entry #0 chains from the headed genesis hash always has a head.
                new MalHead(size, headHash).write(file);
                anchored = true;
            }
            if (tornTailPending) {
                channel.truncate(fileLength);
                channel.force(true);
                tornTailPending = false;
                LOG.warn("MAL log {}: truncated {} bytes of an interrupted append", file, recoveredBytes);
            }
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
        try {
            new MalHead(size, headHash).write(file);
        } catch (IOException e) {
            // The entry is in the log but not anchored: the one entry past the head that reopening accepts.
            writeFailure = e;
            throw e;
        }
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
        VerifyReport report = MalChainReader.read(file, channel, fileLength, entries::add, new MalHead(size, headHash));
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

    /** The hash of the last entry, or {@link MalEntry#HEADED_GENESIS_HASH} for an empty log. */
    public synchronized String headHash() {
        return headHash;
    }

    public Path file() {
        return file;
    }

    /**
     * The head file of the log at {@code log} ({@code LOG.head}): whoever copies or ships a log must
     * take it along, or the copy of a log begun with a head file is refused.
     */
    public static Path headFile(Path log) {
        return MalHead.fileOf(log);
    }

    /** The unterminated last line that {@link #open} found; the first append truncates it. */
    public Optional<VerifyReport.Defect> recoveredTail() {
        return recoveredTail;
    }

    /** How many bytes of an unterminated last line {@link #open} found (truncated by the first append); 0 if none. */
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

    /** A shared lock when no writer holds the log, else null (held by a writer here or elsewhere). */
    private static FileLock tryLockShared(FileChannel channel) throws IOException {
        try {
            return channel.tryLock(0, Long.MAX_VALUE, true);
        } catch (OverlappingFileLockException e) {
            return null; // a MalLog of this process has it open
        }
    }

    /** Makes a new file's directory entry durable, so the file itself survives a crash. */
    static void forceDirectory(Path directory) {
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
