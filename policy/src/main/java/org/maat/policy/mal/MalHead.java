package org.maat.policy.mal;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The anchor of a MAL log: how many entries it held after its last acknowledged append and the
 * hash of the last one, kept in {@code LOG.head} beside the log as one line
 * {@code maat-mal-head 1 ENTRIES HASH}. The hash chain proves that no entry was altered or removed
 * in the middle; only the head proves that none was removed from the end.
 *
 * <p>It is replaced atomically after every append, once the log itself is forced: written to a
 * temporary file, forced, renamed over the old head, and the directory forced. So after any crash
 * the log holds at least the head's entries, and at most one more (an append forced to the log
 * whose head was not yet replaced).
 *
 * <p>A log begun with a head file has one from its creation on (0 entries, hash
 * {@link MalEntry#HEADED_GENESIS_HASH}), written before its first entry, and its entry #0 chains
 * from that hash; so such a log found without a head file lost it, and perhaps trailing entries with it.
 *
 * @param entries how many entries the log holds up to the anchored one
 * @param hash    the hash of entry {@code entries - 1}, or {@link MalEntry#HEADED_GENESIS_HASH} when none
 */
record MalHead(long entries, String hash) {

    private static final String MAGIC = "maat-mal-head 1";
    private static final Pattern LINE = Pattern.compile(Pattern.quote(MAGIC) + " (0|[1-9][0-9]{0,18}) ([0-9a-f]{64})\n");

    /** The head file of the log at {@code log}. */
    static Path fileOf(Path log) {
        return log.resolveSibling(log.getFileName() + ".head");
    }

    /**
     * The head of the log at {@code log}, or empty when it has no head file (a log begun before
     * head files existed, or one whose head file was deleted: {@link MalChainReader} tells them apart).
     *
     * @throws MalLogCorruptedException if the head file is not one well-formed head line
     */
    static Optional<MalHead> read(Path log) throws IOException {
        Path file = fileOf(log);
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
        Matcher m = LINE.matcher(new String(bytes, UTF_8));
        if (bytes.length > 256 || !m.matches()) {
            throw mismatch(log, "the head file " + file + " is not one line '" + MAGIC + " ENTRIES HASH'");
        }
        long entries;
        try {
            entries = Long.parseLong(m.group(1));
        } catch (NumberFormatException e) {
            throw mismatch(log, "the head file " + file + " counts more entries than a log can hold");
        }
        if (entries == 0 && !m.group(2).equals(MalEntry.HEADED_GENESIS_HASH)) {
            throw mismatch(log, "the head file " + file + " records no entries but a hash other than the headed"
                    + " genesis hash " + MalEntry.HEADED_GENESIS_HASH);
        }
        return Optional.of(new MalHead(entries, m.group(2)));
    }

    private static MalLogCorruptedException mismatch(Path log, String detail) {
        return damaged(log, VerifyReport.Reason.HEAD_MISMATCH, detail);
    }

    /** The log at {@code log} refused before its first entry: its head file contradicts it. */
    static MalLogCorruptedException damaged(Path log, VerifyReport.Reason reason, String detail) {
        return new MalLogCorruptedException(new VerifyReport(log, 0, MalEntry.HEADED_GENESIS_HASH, 0, Optional.of(
                new VerifyReport.Defect(1, 0, 0, reason, detail, false))));
    }

    /** Replaces the head of the log at {@code log} with this one, durably and atomically. */
    void write(Path log) throws IOException {
        Path file = fileOf(log);
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        ByteBuffer line = ByteBuffer.wrap((MAGIC + " " + entries + " " + hash + "\n").getBytes(UTF_8));
        try (FileChannel out = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            while (line.hasRemaining()) {
                out.write(line);
            }
            out.force(true);
        }
        Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        MalLog.forceDirectory(file.toAbsolutePath().getParent());
    }
}
