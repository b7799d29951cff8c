package org.maat.atrest.file;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongConsumer;
import org.maat.atrest.ConvergeReport;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;

/**
 * Brings every block of a volume where its configuration wants it, one block at a time, never below the
 * requirement its slot header records: Forward, a block is sealed under {@code cipherFor(requirement)} in the
 * file itself; Selective, it moves to the region of {@code cipherFor(requirement)}; Mirrored, every region
 * that meets the requirement gets a copy. Copies in
 * files the model no longer uses are emptied, and region files left empty are deleted.
 *
 * <p>Crash safety (SIGKILL at any instant): a new copy is always written, with a higher generation, before
 * the old copy is emptied or overwritten, so every block has a valid copy at every instant; readers take the
 * valid copy with the highest generation. A pwrite is not atomic under SIGKILL (Linux stops a write between
 * pages when a fatal signal is pending), so the only valid copy is never rewritten in place: the block goes
 * through {@link BlockSet#seal}, which stages it in {@code F~cipher} first, as a channel's rewrites do. Power
 * loss can also reorder unforced writes: the files are forced at the end of each file only.
 *
 * <p>Files open for writing in this JVM are skipped and named in the report: their writer keeps its region
 * files open and would not see a region file this run creates or deletes, so it could seal a block without
 * emptying a newer copy there.
 */
public class Convergence {

    private final VolumeFiles files;
    private final Path root;

    public Convergence(VolumeFiles files, Path root) {
        this.files = files;
        this.root = root;
    }

    /** Whether a new copy is written before the old one goes. Only a test that shows it matters says no. */
    protected boolean safeOrder() {
        return true;
    }

    /** Called between the two steps of moving a block: a test widens the window there. */
    protected void betweenSteps() {
    }

    public ConvergeReport run(LongConsumer progress) throws IOException {
        long visited = 0;
        long blocks = 0;
        long bytes = 0;
        List<Path> skipped = new java.util.ArrayList<>();
        for (Path file : VolumeFiles.logicalFiles(root)) {
            if (files.beingWritten(file)) {
                skipped.add(root.relativize(file));
                continue;
            }
            BlockSet set = files.openForRewrite(file);
            if (set == null) {
                continue;
            }
            visited++;
            try {
                long[] done = convergeFile(set, progress);
                blocks += done[0];
                bytes += done[1];
                removeEmptyRegions(file, set, files.config().current());
                set.force();
            } finally {
                set.close();
            }
        }
        return new ConvergeReport(visited, blocks, bytes, skipped);
    }

    private long[] convergeFile(BlockSet set, LongConsumer progress) throws IOException {
        List<AtRestCipher> ciphers = set.ciphers;
        byte[] plain = new byte[set.blockSize];
        int[] all = new int[set.files.length];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        boolean[] holders = new boolean[set.files.length];
        long blocks = 0;
        long bytes = 0;
        long n = set.slots();
        for (long i = 0; i < n; i++) {
            VolumeConfig cfg = files.config().current();
            int length;
            boolean changed;
            // Read and rewrite under the seal lock: a writer in another process cannot seal between them.
            try (Storage.SealLock lock = set.files[0].storage.lockForSeal()) {
                set.refreshHeaders();
                set.finishCuts(); // before any write: a cut a crash left under way
                BlockSet.Found found = set.read(i, plain, all, false);
                length = found.length();
                if (length < 0) {
                    throw new IOException(set.name + ": block " + i + " is missing from every region");
                }
                int gen = found.generation();
                int top = found.copyFile();
                AtRestCipher required = found.required();
                System.arraycopy(found.present(), 0, holders, 0, set.files.length);
                if (cfg.model == SwitchModel.MIRRORED) {
                    changed = mirror(set, cfg, i, required, top, gen, plain, length, holders);
                } else {
                    changed = place(set, cfg, i, required, gen, plain, length, holders, ciphers);
                }
            }
            if (changed) {
                blocks++;
                bytes += length;
                progress.accept(bytes);
            }
        }
        return new long[] {blocks, bytes};
    }

    /** Whether file {@code f} held a valid copy at {@code gen} when the block was read ({@code holders}). */
    private static boolean copyOk(BlockSet set, boolean[] holders, int f, int gen) {
        return holders[f] && set.files[f].generation == gen;
    }

    private static boolean meets(AtRestCipher c, AtRestCipher required) {
        return required == null || c.strength() >= required.strength();
    }

    private boolean mirror(BlockSet set, VolumeConfig cfg, long i, AtRestCipher required, int top, int gen,
            byte[] plain, int length, boolean[] holders) throws IOException {
        boolean changed = false;
        boolean[] target = new boolean[set.files.length];
        // A block whose data requires more than every region offers stays where it is.
        target[top] = cfg.regions.stream().noneMatch(r -> meets(r, required));
        int copyGen = set.files[top].generation;
        // Copies are filled at their own generation: a region slot showing it holds (or was torn while
        // sealing) these very bytes under it. A slot showing a newer generation than every valid copy (a
        // torn write of other bytes) forces a new generation everywhere, the missing copies first.
        boolean sameGen = copyGen == gen;
        int sealGen = sameGen ? gen : gen + 1;
        for (int pass = 0; pass < 2; pass++) {
            for (AtRestCipher r : cfg.regions) {
                if (!meets(r, required)) {
                    continue;
                }
                int at = BlockSet.regionIndex(cfg, set.ciphers, r);
                target[at] = true;
                BlockFile f = set.files[at];
                boolean ok = f != null && copyOk(set, holders, at, copyGen) && f.cipherId == r.id();
                boolean write = sameGen ? pass == 0 && !ok : (pass == 0) == !ok;
                if (write) {
                    set.file(at).write(i, r, required, sealGen, plain, length);
                    changed = true;
                }
            }
        }
        for (int f = 0; f < holders.length; f++) {
            if (holders[f] && !target[f]) {
                set.files[f].punch(i, sealGen);
                changed = true;
            }
        }
        set.reachInBase(i, sealGen);
        set.wrote(i, sealGen);
        return changed;
    }

    private boolean place(BlockSet set, VolumeConfig cfg, long i, AtRestCipher required, int gen, byte[] plain,
            int length, boolean[] holders, List<AtRestCipher> ciphers) throws IOException {
        AtRestCipher want = cfg.cipherFor(required);
        int at = cfg.model == SwitchModel.FORWARD ? 0 : BlockSet.regionIndex(cfg, ciphers, want);
        boolean placed = copyOk(set, holders, at, gen) && set.files[at].cipherId == want.id();
        int others = 0;
        for (int f = 0; f < holders.length; f++) {
            others += holders[f] && f != at ? 1 : 0;
        }
        if (placed && others == 0) {
            return false;
        }
        if (placed) {
            for (int f = 0; f < holders.length; f++) {
                if (holders[f] && f != at) {
                    set.files[f].punch(i, gen);
                }
            }
            return true;
        }
        if (!safeOrder()) {
            for (int f = 0; f < holders.length; f++) {
                if (holders[f]) {
                    set.files[f].punch(i, gen + 1);
                }
            }
            betweenSteps();
            set.file(at).write(i, want, required, gen + 2, plain, length);
            set.reachInBase(i, gen + 2);
            set.wrote(i, gen + 2);
            return true;
        }
        // The one seal path (BlockSet#seal): a slot holding the block's only valid copy is staged over.
        boolean[] valid = holders.clone();
        set.seal(i, new int[] {at}, new AtRestCipher[] {want}, required, gen + 1, plain, length, holders, valid, false);
        return true;
    }

    /** Deletes region files that hold no block and that the model does not use, raising the base's floor first. */
    private void removeEmptyRegions(Path file, BlockSet set, VolumeConfig cfg) throws IOException {
        for (int j = 0; j < set.ciphers.size(); j++) {
            BlockFile f = set.files[1 + j];
            AtRestCipher c = set.ciphers.get(j);
            boolean used = cfg.model != SwitchModel.FORWARD && cfg.regions.contains(c) && !c.equals(cfg.regions.get(0));
            if (f == null || used) {
                continue;
            }
            boolean empty = true;
            for (long i = 0, n = f.slots(); i < n && empty; i++) {
                f.readHeader(i);
                empty = f.cipherId == 0;
            }
            if (empty) {
                set.files[0].raiseFloor(f.highestGeneration() + 1);
                f.storage.close();
                set.files[1 + j] = null;
                Files.delete(VolumeFiles.regionPath(file, c));
            }
        }
    }
}
