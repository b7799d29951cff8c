package org.maat.policy.mal;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * The outcome of walking a MAL file's hash chain from the first line: how many entries are good,
 * the hash of the last good one, and the first defect if there is one. Nothing after the first
 * defect is examined, because once the chain breaks later entries cannot be trusted.
 *
 * @param file       the file walked
 * @param entries    how many entries, from the first line on, are well-formed and correctly chained
 * @param headHash   the hash of the last good entry, or {@link MalEntry#HEADED_GENESIS_HASH} if there is none
 *                   (what a first entry appended now chains from)
 * @param validBytes the length of the file's good prefix: the bytes holding those entries
 * @param defect     the first bad line, or empty when the whole file is a valid chain
 */
public record VerifyReport(Path file, long entries, String headHash, long validBytes, Optional<Defect> defect) {

    public VerifyReport {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(headHash, "headHash");
        Objects.requireNonNull(defect, "defect");
    }

    /** Whether every line of the file is a good entry, correctly chained. */
    public boolean ok() {
        return defect.isEmpty();
    }

    /** {@code OK: N entries, head HASH}, or {@code FILE:LINE: reason: detail} for the first defect. */
    public String describe() {
        return defect.map(d -> d.describe(file)).orElseGet(this::summary);
    }

    /** {@code OK: N entries, head HASH} for the good entries, whatever follows them. */
    public String summary() {
        return "OK: " + entries + (entries == 1 ? " entry" : " entries") + ", head " + headHash;
    }

    @Override
    public String toString() {
        return describe();
    }

    /** Why a line is not a good entry. */
    public enum Reason {
        /** The last line has no line end: an append was cut short. */
        TORN_TAIL("torn tail"),
        /** The line is not seven well-formed fields in UTF-8. */
        MALFORMED_LINE("malformed line"),
        /** The stored hash is not the hash of the entry's fields. */
        BAD_HASH("bad hash"),
        /** The entry's previous hash is not the hash of the entry before it. */
        BROKEN_LINK("broken hash link"),
        /** The entry's sequence number is not one more than the previous entry's. */
        SEQUENCE_GAP("sequence gap"),
        /** The log ends before the entry its head file anchors: entries were removed from the end. */
        MISSING_ENTRIES("missing entries"),
        /** The anchored entry has another hash than the head file records, or the head file is unreadable. */
        HEAD_MISMATCH("head mismatch"),
        /** More than one entry follows the anchored one while no one is appending: not left by a crash. */
        UNANCHORED_ENTRIES("unanchored entries"),
        /**
         * The log began with a head file (its entry #0 chains from {@link MalEntry#HEADED_GENESIS_HASH})
         * but has none now: the head was deleted, and trailing entries may have been removed with it.
         */
        HEAD_MISSING("head missing");

        private final String text;

        Reason(String text) {
            this.text = text;
        }

        /** A short lower-case phrase for messages, e.g. {@code bad hash}. */
        public String text() {
            return text;
        }
    }

    /**
     * The first bad line of a MAL file.
     *
     * @param line     1-based line number
     * @param sequence the sequence number the entry on this line should have (line - 1)
     * @param offset   byte offset at which the line starts; everything before it is good
     * @param reason   what is wrong
     * @param detail   a human-readable explanation (expected and found values)
     * @param atTail   whether this is the last line of the file
     */
    public record Defect(long line, long sequence, long offset, Reason reason, String detail, boolean atTail) {

        public Defect {
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(detail, "detail");
        }

        /**
         * Whether a crash during an append explains this defect: the last line has no line end.
         * An append writes its line, newline last, and acknowledges it only once forced, so a
         * complete line (newline included) that is malformed, fails its hash or breaks the chain
         * was altered after it was written: that is tampering, never crash damage.
         */
        public boolean fromInterruptedAppend() {
            return atTail && reason == Reason.TORN_TAIL;
        }

        /** {@code FILE:LINE: reason (entry #SEQ): detail}. */
        public String describe(Path file) {
            return file + ":" + line + ": " + reason.text() + " (entry #" + sequence + "): " + detail;
        }
    }
}
