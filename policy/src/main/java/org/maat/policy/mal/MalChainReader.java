package org.maat.policy.mal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Consumer;
import org.maat.policy.mal.VerifyReport.Defect;
import org.maat.policy.mal.VerifyReport.Reason;

/**
 * Walks a MAL file's lines in order with positional reads (the channel's position is untouched),
 * checking each entry's hash, sequence number and link to the one before, and, given the log's
 * {@link MalHead}, that the anchored entry is there with the anchored hash; stops at the first
 * defect. Entry #0 may chain from either genesis value: {@link MalEntry#HEADED_GENESIS_HASH} (a log
 * begun with a head file, which must then have one) or {@link MalEntry#GENESIS_HASH} (a log begun
 * before head files, which may lack one). Memory use is bounded by the longest line a log may hold.
 */
final class MalChainReader {

    private static final int BUFFER_BYTES = 64 * 1024;

    private final Path file;
    private final FileChannel channel;
    private final long limit;
    private final Consumer<? super MalEntry> sink;
    private final MalHead anchor;

    private byte[] line = new byte[512];
    private int lineLength;
    private boolean overlong;
    private long lineStart;
    private long lineNumber = 1;
    private long entries;
    private String headHash = MalEntry.HEADED_GENESIS_HASH;

    private MalChainReader(Path file, FileChannel channel, long limit, Consumer<? super MalEntry> sink,
                           MalHead anchor) {
        this.file = file;
        this.channel = channel;
        this.limit = limit;
        this.sink = sink;
        this.anchor = anchor;
    }

    /**
     * Reads the first {@code limit} bytes of {@code channel}, handing each good entry to
     * {@code sink} in order. {@code file} only names the file in the report. With an
     * {@code anchor} (null for none), the log must reach the anchored entry, and that entry must
     * have the anchored hash: a log that ends before it lost entries, even if its chain is intact.
     * Without one, the log must not have begun with a head file.
     */
    static VerifyReport read(Path file, FileChannel channel, long limit, Consumer<? super MalEntry> sink,
                             MalHead anchor) throws IOException {
        return new MalChainReader(file, channel, limit, sink, anchor).read();
    }

    private VerifyReport read() throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(BUFFER_BYTES);
        long position = 0;
        while (position < limit) {
            buffer.clear().limit((int) Math.min(BUFFER_BYTES, limit - position));
            int n = channel.read(buffer, position);
            if (n < 0) {
                break; // the file shrank under us; what was read is judged as it stands
            }
            byte[] bytes = buffer.array();
            for (int i = 0; i < n; i++) {
                if (bytes[i] != '\n') {
                    accept(bytes[i]);
                    continue;
                }
                long lineEnd = position + i + 1;
                Optional<Defect> defect = endLine(lineEnd == limit);
                if (defect.isPresent()) {
                    return report(defect);
                }
                lineStart = lineEnd;
                lineNumber++;
            }
            position += n;
        }
        if (anchor != null && entries < anchor.entries()) {
            // Checked before the torn tail: cutting an acknowledged entry short is removing it.
            return report(Optional.of(defect(Reason.MISSING_ENTRIES, "the log ends after " + entries
                    + (entries == 1 ? " entry" : " entries") + " but its head file records " + anchor.entries()
                    + " (head " + anchor.hash() + "): acknowledged entries were removed", lineStart < position)));
        }
        if (lineStart < position) {
            return report(Optional.of(defect(Reason.TORN_TAIL,
                    "the last " + (position - lineStart) + " bytes have no line end (an append was cut short)",
                    true)));
        }
        return report(Optional.empty());
    }

    private void accept(byte b) {
        if (lineLength == MalEntryCodec.MAX_LINE_BYTES) {
            overlong = true; // keep scanning for the line end, but hold no more of the line
            return;
        }
        if (lineLength == line.length) {
            line = Arrays.copyOf(line, Math.min(line.length * 2, MalEntryCodec.MAX_LINE_BYTES));
        }
        line[lineLength++] = b;
    }

    /** Judges the line just ended; on success hands the entry on and advances the chain. */
    private Optional<Defect> endLine(boolean atTail) {
        try {
            if (overlong) {
                return Optional.of(defect(Reason.MALFORMED_LINE,
                        "line longer than " + MalEntryCodec.MAX_LINE_BYTES + " bytes", atTail));
            }
            MalEntry entry;
            try {
                entry = MalEntryCodec.decode(line, lineLength);
            } catch (MalEntryCodec.BadLineException e) {
                return Optional.of(defect(e.reason(), e.getMessage(), atTail));
            }
            if (entry.sequence() != entries) {
                return Optional.of(defect(Reason.SEQUENCE_GAP,
                        "expected sequence number " + entries + " but found " + entry.sequence(), atTail));
            }
            if (entries == 0) {
                Optional<Defect> defect = checkGenesis(entry, atTail);
                if (defect.isPresent()) {
                    return defect;
                }
            } else if (!entry.previousHash().equals(headHash)) {
                return Optional.of(defect(Reason.BROKEN_LINK, "previous hash " + entry.previousHash()
                        + " is not the hash of entry #" + (entries - 1) + ", " + headHash, atTail));
            }
            if (anchor != null && entries + 1 == anchor.entries() && !entry.hash().equals(anchor.hash())) {
                return Optional.of(defect(Reason.HEAD_MISMATCH, "the entry has hash " + entry.hash()
                        + " but the head file records " + anchor.hash() + " for it: the log was rewritten", atTail));
            }
            sink.accept(entry);
            entries++;
            headHash = entry.hash();
            return Optional.empty();
        } finally {
            lineLength = 0;
            overlong = false;
        }
    }

    /**
     * Entry #0 chains from one of the two genesis values, and one chained from the headed genesis
     * value needs the head file: the log was created with one, written before this entry.
     */
    private Optional<Defect> checkGenesis(MalEntry first, boolean atTail) {
        if (first.previousHash().equals(MalEntry.HEADED_GENESIS_HASH)) {
            if (anchor == null) {
                return Optional.of(defect(Reason.HEAD_MISSING, "entry #0 chains from the headed genesis hash "
                        + MalEntry.HEADED_GENESIS_HASH + ", so this log began with a head file, but "
                        + MalHead.fileOf(file) + " is missing: entries may have been removed from the end", atTail));
            }
            return Optional.empty();
        }
        if (first.previousHash().equals(MalEntry.GENESIS_HASH)) {
            return Optional.empty(); // a log begun before head files: its head, if any, is its only anchor
        }
        return Optional.of(defect(Reason.BROKEN_LINK, "previous hash " + first.previousHash()
                + " is neither the headed genesis hash " + MalEntry.HEADED_GENESIS_HASH
                + " nor the genesis hash of a log begun before head files, " + MalEntry.GENESIS_HASH, atTail));
    }

    private Defect defect(Reason reason, String detail, boolean atTail) {
        return new Defect(lineNumber, entries, lineStart, reason, detail, atTail);
    }

    private VerifyReport report(Optional<Defect> defect) {
        return new VerifyReport(file, entries, headHash, lineStart, defect);
    }
}
