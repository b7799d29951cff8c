package org.maat.atrest.file;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * What one volume instance (a process's {@link VolumeFiles}, one per {@code AtRestVolume}) has seen of its
 * files' versions, and the one place a version older than that is refused. Every block read and every seal
 * crosses it through {@link BlockSet} (channels, convergence, sizes, readers without a local file).
 *
 * <p>Per file (by path) it knows the incarnation (the base header's random salt, new when a file is created or
 * truncated to nothing), the highest generation floor its header showed, and per block the newest generation this
 * process read authenticated or sealed. Within an incarnation every seal of a block takes a generation past every
 * copy on disk, and a truncation raises the floor past the generations of the slots it cuts, so on disk nothing
 * goes back legitimately. Hence, refused with an {@link IOException} naming the file (and block), like tampering:
 * <ul>
 *   <li>a block whose trusted copy is older than the generation known when the read began (the file, its staging
 *       or region file, or the whole directory put back from a copy while the volume is open);</li>
 *   <li>a header whose generation floor is lower than one seen (an older header);</li>
 *   <li>a file with fewer blocks than this process has seen, when the floor does not show the truncation that
 *       removed them (an older, shorter copy);</li>
 *   <li>an incarnation that ended in this process, back under its path: one deleted or moved away through the
 *       volume, truncated to nothing, or replaced by another incarnation (kept as an 8-byte fingerprint of path
 *       and salt);</li>
 *   <li>an empty file (not even a header) where blocks were seen;</li>
 *   <li>a file without the header (a listed plaintext original) where an encrypted incarnation was seen.</li>
 * </ul>
 * A read is checked against the generation known when it began, so a seal finishing during the read is no alarm,
 * and {@link BlockSet#read} reads again before refusing (a rewrite can move a block between the files a read
 * looks at one after the other). A file deleted and created again, or truncated or created anew by another
 * process, is a new incarnation, not a rollback.
 *
 * <p>Not detected: a rollback of what this process never read or wrote (a block, a file, or anything before
 * the volume was opened: nothing is kept outside the files, which a backup would roll back too); a rollback
 * that puts back the very version last seen; which files should exist (a Lucene index put back to an older
 * commit, its newer files removed). A cached plaintext block or a channel's buffered block is the
 * newest this process saw, so it never serves older data; the rollback is found at the next read from disk.
 *
 * <p>Cost: an int per block up to the highest block of a file read or written (1/1024 of its size under 4 KB
 * blocks, up to twice that while the table grows) and about 100 bytes per file, released when the file is
 * deleted or moved through the volume (channels still open on it keep theirs until they close); about 60 bytes
 * per incarnation ended, for the life of the instance. A file deleted or renamed outside the volume is forgotten
 * when a channel of this process on it closes (one stat per close), else kept. Thread-safe: a file's record is
 * locked for a few array operations per block.
 */
final class SeenVersions {

    private final Map<String, SeenFile> files = new HashMap<>();
    private final Set<Long> ended = new HashSet<>();

    /**
     * The record of the incarnation {@code base} (the base file's header) names at {@code path}, its floor checked:
     * the known one when the salt is the same, else a new one that ends the known one.
     *
     * @throws IOException naming {@code file} when that incarnation ended in this process, or the floor is older
     */
    synchronized SeenFile admit(String path, String file, FileHeader base) throws IOException {
        SeenFile known = files.get(path);
        if (known == null || !Arrays.equals(known.salt, base.salt)) {
            if (ended.contains(fingerprint(path, base.salt))) {
                throw new IOException(file + ": an older copy of the file: this volume has seen it deleted, replaced"
                        + " or truncated since (rolled back)");
            }
            if (known != null) {
                ended.add(fingerprint(path, known.salt));
            }
            known = new SeenFile(base.salt.clone());
            files.put(path, known);
        }
        known.header(file, base);
        return known;
    }

    /**
     * {@code path}'s file is empty (0 bytes, not even a header): refused when this volume has read or written
     * blocks of the incarnation it knows there (an older copy taken before the header was written).
     */
    synchronized void empty(String path, String file) throws IOException {
        SeenFile known = files.get(path);
        if (known != null && known.extent() > 0) {
            throw new IOException(file + ": block 0 is missing: the file is empty, an older copy than one this volume"
                    + " has read or written (rolled back)");
        }
    }

    /**
     * {@code path}'s file has no encrypted header (a listed plaintext file from before the volume): refused when this
     * volume has read or written an encrypted incarnation there, so the plaintext original put back over a file the
     * volume encrypted is an older copy, not the file.
     */
    synchronized void plaintext(String path, String file) throws IOException {
        if (files.containsKey(path)) {
            throw new IOException(file + ": a plaintext copy of a file this volume has read or written encrypted:"
                    + " an older copy put back (rolled back)");
        }
    }

    /**
     * A channel on {@code file} closed: if no file is there any more (deleted or moved outside this volume), its
     * record is dropped, its incarnation not ended (a directory moved away and back is no rollback).
     */
    synchronized void forgetIfGone(String path, java.nio.file.Path file) {
        if (files.containsKey(path) && !java.nio.file.Files.exists(file)) {
            files.remove(path);
        }
    }

    /** {@code path}'s file was deleted: its incarnation ended, its record is dropped. */
    synchronized void deleted(String path) {
        SeenFile gone = files.remove(path);
        if (gone != null) {
            ended.add(fingerprint(path, gone.salt));
        }
    }

    /** {@code from}'s file was moved over {@code to}: {@code to}'s incarnation ended, {@code from}'s lives on there. */
    synchronized void moved(String from, String to) {
        deleted(to);
        SeenFile moving = files.remove(from);
        if (moving != null) {
            ended.add(fingerprint(from, moving.salt));
            ended.remove(fingerprint(to, moving.salt));
            files.put(to, moving);
        }
    }

    /** The first 8 bytes of SHA-256(path || 0 || salt): a collision with a fresh random salt is ~2^-64 per pair. */
    private static long fingerprint(String path, byte[] salt) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            d.update(path.getBytes(StandardCharsets.UTF_8));
            d.update((byte) 0);
            d.update(salt);
            return Bytes.getLong(d.digest(), 0);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One incarnation of one file: the highest floor its header showed and the newest generation per block. */
    static final class SeenFile {

        private static final int UNKNOWN = -1;

        final byte[] salt;
        private int floor;
        /** By block: the newest generation read or sealed, {@link #UNKNOWN} if none. */
        private int[] generations = new int[0];
        /** One past the highest block with a known generation. */
        private int extent;

        private SeenFile(byte[] salt) {
            this.salt = salt;
        }

        /** Refuses a header older than one seen (a lower generation floor), else remembers its floor. */
        synchronized void header(String file, FileHeader h) throws IOException {
            if (h.generationFloor < floor) {
                throw new IOException(file + ": the at-rest header is older than one this volume has read (generation"
                        + " floor " + h.generationFloor + " < " + floor + "): an older copy of the file (rolled back)");
            }
            floor = h.generationFloor;
        }

        /** The newest generation of block {@code index} known now, -1 if none: taken before a read's first pread. */
        synchronized int known(long index) {
            return index < extent ? generations[(int) index] : UNKNOWN;
        }

        /**
         * A copy of block {@code index} at {@code generation} authenticated, by a read that began when
         * {@code before} was known: refused if older (a seal that finished before the read began is on disk),
         * else remembered.
         */
        synchronized void read(String file, long index, int before, int generation) throws IOException {
            if (generation < before) {
                throw new IOException(file + ": block " + index + " is older than a version this volume has read or"
                        + " written (generation " + generation + " < " + before + "): rolled back to an older copy");
            }
            raise(index, generation);
        }

        /**
         * Before sealing block {@code index} at {@code generation}: a generation no higher than one known means the
         * disk shows an older state of the block than this process saw (a seal takes one past every copy on disk).
         */
        synchronized void checkSeal(String file, long index, int generation) throws IOException {
            int known = known(index);
            if (generation <= known) {
                throw new IOException(file + ": block " + index + " is older than a version this volume has read or"
                        + " written (the disk's newest copy is below generation " + known + "): rolled back to an older copy");
            }
        }

        /** Block {@code index} sealed at {@code generation}. */
        synchronized void sealed(long index, int generation) {
            raise(index, generation);
        }

        /**
         * The file holds {@code slots} blocks and its headers' floor is {@code floor}: fewer blocks than seen is a
         * truncation only if the floor passed every generation seen of the blocks cut (then those are forgotten
         * here: that they stay cut is the floor's job, which this record keeps from going down, and which
         * {@link BlockFile#read} checks every sealed slot past the recorded length against, in any process).
         */
        synchronized void length(String file, long slots, int floor) throws IOException {
            for (long i = slots; i < extent; i++) {
                int g = generations[(int) i];
                if (g != UNKNOWN && g >= floor) {
                    throw new IOException(file + ": block " + i + " is missing: the file is an older, shorter copy"
                            + " than one this volume has read or written (rolled back)");
                }
            }
            if (slots < extent) {
                Arrays.fill(generations, (int) slots, extent, UNKNOWN);
                extent = (int) slots;
            }
        }

        /** One past the highest block with a known generation. */
        synchronized long extent() {
            return extent;
        }

        private void raise(long index, int generation) {
            if (index >= Integer.MAX_VALUE - 8) {
                return; // 8 TiB of 4 KB blocks: past what an int[] can index (never reached by Maat's files)
            }
            int i = (int) index;
            if (i >= generations.length) {
                int grown = (int) Math.max(i + 1L, Math.min(Integer.MAX_VALUE - 8L, Math.max(16L, generations.length * 2L)));
                int old = generations.length;
                generations = Arrays.copyOf(generations, grown);
                Arrays.fill(generations, old, grown, UNKNOWN);
            }
            if (i >= extent) {
                extent = i + 1;
            }
            if (generation > generations[i]) {
                generations[i] = generation;
            }
        }
    }
}
