package org.maat.atrest.file;

import java.io.IOException;
import java.util.List;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;

/**
 * The physical files of one logical file: the base file (index 0) and a region file per cipher
 * ({@code FILE~cipher}, index 1 + the cipher's place in {@link Ciphers#all()}), absent ones null. Finds the
 * copy of a block to trust (the valid copy with the highest generation, or in Mirrored the first valid copy
 * in preference order) and writes a block where the model wants it. Every read and seal of a block, by a channel,
 * convergence, a size or a reader, goes through here and so through the volume's {@link SeenVersions}: a copy
 * older than one this process read or wrote is refused. Not thread-safe.
 */
final class BlockSet {

    /** Creates (or opens) the physical file at an index when a write needs it; null for read-only sets. */
    interface Opener {
        BlockFile open(int index) throws IOException;
    }

    final String name;
    final List<AtRestCipher> ciphers = Ciphers.all();
    final BlockFile[] files;
    private final Opener opener;
    private final Rewrites rewrites;
    final int blockSize;
    private byte[] scratch;
    /** What the volume has seen of this file: every read and seal is checked against it and raises it. */
    private final SeenVersions seen;
    private final String path;
    private SeenVersions.SeenFile versions;
    /** Opens a physical file that appeared since the set was made (a read-only set's region files), or null. */
    private Opener finder;
    /** The base header {@link #versions} was last checked against. */
    private FileHeader admitted;

    /**
     * What {@link #read} found of one block: its plaintext length (-1: no file holds it), the highest generation
     * any copy showed, the file its trusted copy came from (-1: none), which files hold a valid copy, and the
     * weakest cipher its data allows (null: any).
     */
    record Found(int length, int generation, int copyFile, boolean[] present, AtRestCipher required) {
    }

    /** How a slot holding a valid block is rewritten: staged (always, but in a test that shows why). */
    enum Rewrites {
        STAGED,
        /** Over the only copy in place: a torn write loses the block. Only a test that shows it matters uses it. */
        IN_PLACE
    }

    /**
     * The physical files of the logical file {@code name} (for messages), whose versions {@code seen} remembers
     * under {@code path} (the volume's key for the file: its absolute path, or a reader's name).
     */
    BlockSet(String name, BlockFile[] files, Opener opener, int blockSize, Rewrites rewrites, SeenVersions seen,
            String path) throws IOException {
        this.rewrites = rewrites;
        this.name = name;
        this.files = files;
        this.opener = opener;
        this.seen = seen;
        this.path = path;
        int b = blockSize;
        for (BlockFile f : files) {
            if (f != null) {
                if (b > 0 && f.header.blockSize != b) {
                    throw new IOException(f.name + ": block size " + f.header.blockSize + " differs from " + b);
                }
                b = f.header.blockSize;
            }
        }
        this.blockSize = b;
        bind();
        admit();
    }

    /**
     * Checks the base file's header against what this volume has seen, when it changed since last checked: an
     * incarnation that ended in this process, or an older floor, is refused ({@link SeenVersions}).
     */
    private void admit() throws IOException {
        FileHeader h = files[0].header;
        if (h == admitted) {
            return;
        }
        if (versions != null && java.util.Arrays.equals(versions.salt, h.salt)) {
            versions.header(name, h);
        } else {
            versions = seen.admit(path, name, h);
        }
        admitted = h;
    }

    /** Gives every region file its base file's salt (bound into its slots' associated data). */
    void bind() {
        byte[] base = files[0] == null ? null : files[0].header.salt;
        for (int i = 1; i < files.length; i++) {
            if (files[i] != null) {
                files[i].owner = base;
            }
        }
    }

    /**
     * Reads every file's header again (under the seal lock): floors, recorded lengths and salts that other
     * channels or processes changed since, so that a seal never uses a stale floor or salt.
     */
    void refreshHeaders() throws IOException {
        for (BlockFile f : files) {
            if (f != null) {
                f.refreshHeader();
            }
        }
        bind();
        admit();
    }

    /**
     * Records the base file's slot count in its header, so that a later cut at a slot boundary is an error. When
     * {@code durable} (a force), the data is forced first, so that the header never counts slots the disk may not
     * hold, and then the header. On close it is not: an fsync per closed file would cost an indexer one per Lucene
     * file, and writers force what they rely on (Lucene syncs the files of a commit, the conduit store forces before
     * its commit record). A SIGKILL loses nothing the page cache holds; after a power loss, a file closed but never
     * forced may read as cut short: an error naming it, never wrong data. Under the seal lock. Nothing happens when
     * the count is unchanged.
     */
    void recordLength(boolean durable) throws IOException {
        refreshHeaders();
        finishCuts();
        BlockFile base = files[0];
        if (base == null || !base.slotsChanged()) {
            return;
        }
        if (durable) {
            force();
        }
        base.recordSlots();
        if (durable) {
            base.storage.force();
        }
    }

    /**
     * Finishes every truncation a crash left under way ({@link BlockFile#finishCut}): under the seal lock, before
     * any write to the files, so that nothing written past a recorded count is cut afterwards, on headers read
     * under that lock ({@link #refreshHeaders}: a seal's caller reads them first). A flag test per file.
     */
    void finishCuts() throws IOException {
        for (BlockFile f : files) {
            if (f != null) {
                f.finishCut();
            }
        }
    }

    static int indexOf(List<AtRestCipher> ciphers, AtRestCipher c) {
        return 1 + ciphers.indexOf(c);
    }

    /** The file of region {@code c}: the base file for the first region, else {@code FILE~c}. */
    static int regionIndex(VolumeConfig cfg, List<AtRestCipher> ciphers, AtRestCipher c) {
        return c.equals(cfg.regions.get(0)) ? 0 : indexOf(ciphers, c);
    }

    /** The order reads try files in: Mirrored the preferred region first, then the cheaper; then every file. */
    static int[] readOrder(VolumeConfig cfg, List<AtRestCipher> ciphers, int files) {
        java.util.List<Integer> o = new java.util.ArrayList<>();
        if (cfg != null && cfg.model == org.maat.atrest.SwitchModel.MIRRORED) {
            java.util.List<AtRestCipher> byCost = new java.util.ArrayList<>(cfg.regions);
            byCost.sort(java.util.Comparator.comparingDouble(AtRestCipher::rounds));
            if (byCost.remove(cfg.readPreference)) {
                byCost.add(0, cfg.readPreference);
            }
            for (AtRestCipher c : byCost) {
                o.add(regionIndex(cfg, ciphers, c));
            }
        }
        for (int i = 0; i < files; i++) {
            if (!o.contains(i)) {
                o.add(i);
            }
        }
        return o.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Slots in the longest physical file: the number of blocks. Fewer blocks than this volume has seen are
     * checked against the headers as they are now: a truncation raised the floor past the blocks it cut, an older
     * shorter copy did not (refused).
     */
    long slots() throws IOException {
        long max = physicalSlots();
        admit();
        if (max < versions.extent()) {
            refreshHeaders();
            max = physicalSlots();
            versions.length(name, max, floor());
        }
        return max;
    }

    private long physicalSlots() throws IOException {
        long max = 0;
        for (BlockFile f : files) {
            if (f != null) {
                max = Math.max(max, f.slots());
            }
        }
        return max;
    }

    /** The least generation a block never written anywhere may take. */
    int floor() {
        int floor = 0;
        for (BlockFile f : files) {
            if (f != null) {
                floor = Math.max(floor, f.header.generationFloor);
            }
        }
        return floor;
    }

    /**
     * Reads block {@code index} into {@code out}, trying files in {@code order}; with {@code firstWins} the
     * first valid copy of the newest generation any slot header shows is taken (Mirrored: every region holds
     * the same generation, so the preferred region's copy), otherwise, and when that generation's copies are
     * all torn, the valid copy with the highest generation. Looking at the headers first keeps a stale copy
     * (a crash between writing a block's new copy and emptying its old one, under any model) from winning
     * over a newer one that a reader has already seen.
     *
     * @throws IOException naming the file and block when copies exist and none authenticates, or when the copy
     *     trusted is older than the version this volume knew when the read began ({@link SeenVersions})
     */
    Found read(long index, byte[] out, int[] order, boolean firstWins) throws IOException {
        admit();
        for (int attempt = 1; ; attempt++) {
            int before = versions.known(index);
            Found found = readCopies(index, out, order, firstWins);
            int trusted = found.copyFile() < 0 ? -1 : files[found.copyFile()].generation;
            boolean older = found.length() >= 0 ? trusted < before : before >= 0 && before >= floor();
            if (older && attempt < READ_ATTEMPTS) {
                // A writer (of this process or another) may have moved the block between the files this read looked
                // at one after the other: the old copy read in the target before its overwrite, the staged copy
                // after its removal. A seal removes the staged copy only after the overwrite, so the next attempt
                // reads the new copy; a rollback shows the older one every time. The new copy may also lie in a
                // region file made after this set was opened: look for those first.
                findNewFiles();
                java.util.concurrent.locks.LockSupport.parkNanos(100_000L * attempt);
                continue;
            }
            if (found.length() >= 0) {
                versions.read(name, index, before, trusted);
            } else if (before >= 0 && before >= floor()) {
                throw new IOException(name + ": block " + index + " is missing: the file is an older copy than one"
                        + " this volume has read or written (rolled back)");
            }
            return found;
        }
    }

    /** Reads of a block finding an older copy than known before it is refused (a rewrite may race one read). */
    private static final int READ_ATTEMPTS = 4;

    private Found readCopies(long index, byte[] out, int[] order, boolean firstWins) throws IOException {
        int bestGen = -1;
        int bestLength = -1;
        int maxGen = -1;
        String damage = null;
        int copyFile = -1;
        boolean[] present = new boolean[files.length];
        int newest = Integer.MAX_VALUE;
        if (firstWins) {
            newest = -1;
            for (BlockFile f : files) {
                if (f != null) {
                    f.readHeader(index);
                    if (f.cipherId != 0 && f.generation < BlockFile.GENERATION_LIMIT) {
                        newest = Math.max(newest, f.generation);
                    }
                }
            }
        }
        for (int k = 0; k < order.length; k++) {
            int fi = order[k];
            BlockFile f = files[fi];
            present[fi] = false;
            if (f == null) {
                continue;
            }
            if (bestLength >= 0 && bestGen >= newest) {
                continue;
            }
            byte[] target = bestLength < 0 ? out : scratch();
            int r = f.read(index, target);
            if (r == BlockFile.OK) {
                present[fi] = true;
                maxGen = Math.max(maxGen, f.generation);
                if (f.generation > bestGen) {
                    if (target != out) {
                        System.arraycopy(target, 0, out, 0, f.plainLength);
                    }
                    bestGen = f.generation;
                    bestLength = f.plainLength;
                    copyFile = fi;
                }
            } else if (r == BlockFile.DAMAGED) {
                if (damage == null) {
                    damage = f.damage;
                }
                // A torn write's header may carry the generation it used: never seal at it again.
                if (f.generation < BlockFile.GENERATION_LIMIT) {
                    maxGen = Math.max(maxGen, f.generation);
                }
            } else {
                maxGen = Math.max(maxGen, f.generation);
            }
        }
        if (bestLength < 0 && damage != null) {
            throw new IOException(damage);
        }
        AtRestCipher required = copyFile < 0 ? null : Ciphers.byId(files[copyFile].requiredId).orElse(null);
        return new Found(bestLength, maxGen, copyFile, present, required);
    }

    /**
     * The highest generation any file's slot {@code index} shows (copies and emptied slots), -1 if none; when
     * {@code holders} is given, which files' slots show a copy.
     */
    int highestGeneration(long index, boolean[] holders) throws IOException {
        int max = -1;
        for (int i = 0; i < files.length; i++) {
            if (files[i] != null) {
                files[i].readHeader(index);
                max = Math.max(max, files[i].generation);
                if (holders != null) {
                    holders[i] = files[i].cipherId != 0;
                }
            } else if (holders != null) {
                holders[i] = false;
            }
        }
        return max;
    }

    private byte[] scratch() {
        if (scratch == null) {
            scratch = new byte[blockSize];
        }
        return scratch;
    }

    /** Block {@code index} was written at {@code generation} outside {@link #seal} (convergence's mirror copies). */
    void wrote(long index, int generation) {
        versions.sealed(index, generation);
    }

    /**
     * Lets the set open the physical files that appear after it was made: region files another channel or process
     * made since (see {@link #read} and {@link #findNewFiles}).
     */
    void findNewFilesWith(Opener finder) {
        this.finder = finder;
    }

    /**
     * Opens the region files that appeared since this set was made (a reader's retry; a writer's truncation, which
     * must cut them too, or their blocks past the cut would read back).
     */
    void findNewFiles() throws IOException {
        if (finder == null) {
            return;
        }
        for (int i = 1; i < files.length; i++) {
            if (files[i] == null) {
                files[i] = finder.open(i);
            }
        }
        bind();
    }

    /** The file at {@code index}, created if absent. */
    BlockFile file(int index) throws IOException {
        if (files[index] == null) {
            if (opener == null) {
                throw new IOException(name + ": read-only");
            }
            files[index] = opener.open(index);
            bind();
        }
        return files[index];
    }

    /**
     * Seals block {@code index} into every target file ({@code targets[k]} under {@code ciphers[k]}), then
     * empties its copies in other files ({@code holders}: slots whose header shows a copy). A pwrite can be
     * torn (SIGKILL stops it between pages), so at every instant some file holds a valid copy of the old or
     * the new version: targets known to hold no valid copy ({@code valid}) are written first; a target that
     * holds the block's only valid copy is overwritten only after the new version is staged in another file
     * at {@code gen} (forced first when the old version was {@code durable}); the staged copy is emptied at
     * the end. A slot that holds nothing yet (the common sequential write) takes one pwrite.
     *
     * @return the generation the targets got ({@code gen}, or {@code gen + 1} after staging)
     */
    int seal(long index, int[] targets, AtRestCipher[] with, AtRestCipher required, int gen, byte[] plain,
            int length, boolean[] holders, boolean[] valid, boolean durable) throws IOException {
        admit();
        finishCuts();
        versions.checkSeal(name, index, gen);
        int stage = rewrites == Rewrites.STAGED ? stageFile(targets, with, valid) : -1;
        int targetGen = gen;
        if (stage >= 0) {
            file(stage).write(index, with[0], required, gen, plain, length);
            if (durable) {
                files[stage].storage.force();
            }
            holders[stage] = true;
            targetGen = gen + 1;
        }
        for (int pass = 0; pass < 2; pass++) {
            for (int k = 0; k < targets.length; k++) {
                if (valid[targets[k]] == (pass == 1)) {
                    file(targets[k]).write(index, with[k], required, targetGen, plain, length);
                }
            }
        }
        for (int i = 0; i < files.length; i++) {
            if (holders[i] && files[i] != null && !contains(targets, i)) {
                files[i].punch(index, targetGen);
            }
        }
        if (!contains(targets, 0)) {
            reachInBase(index, targetGen);
        }
        versions.sealed(index, targetGen);
        return targetGen;
    }

    /**
     * The file to stage a block's new version in before its targets are written, or -1 when no staging is
     * needed: some target holds no valid copy (written first, it is the new copy), or a valid copy lies
     * outside the first target overwritten, or no valid copy exists. The staging file is the region file of
     * the target's cipher, or of the first or second cipher when that is a target itself.
     */
    private int stageFile(int[] targets, AtRestCipher[] with, boolean[] valid) {
        int validCopies = 0;
        for (int i = 0; i < valid.length; i++) {
            validCopies += valid[i] ? 1 : 0;
        }
        for (int t : targets) {
            if (!valid[t]) {
                return -1;
            }
        }
        if (validCopies != 1 || targets.length != 1) {
            return -1;
        }
        for (int stage : new int[] {indexOf(ciphers, with[0]), 1, 2}) {
            if (!contains(targets, stage)) {
                return stage;
            }
        }
        throw new AssertionError("three files cannot all be targets of one copy");
    }

    private static boolean contains(int[] a, int v) {
        for (int x : a) {
            if (x == v) {
                return true;
            }
        }
        return false;
    }

    /**
     * Makes the base file reach block {@code index} (an empty slot if it holds no copy), so that the base
     * file's length is the logical file's: a lost region file then shows as missing blocks, never as a
     * shorter file.
     */
    void reachInBase(long index, int generation) throws IOException {
        if (files[0].slots() <= index) {
            files[0].empty(index, generation);
        }
    }

    void force() throws IOException {
        for (BlockFile f : files) {
            if (f != null) {
                f.storage.force();
            }
        }
    }

    void close() throws IOException {
        IOException first = null;
        for (BlockFile f : files) {
            if (f != null) {
                try {
                    f.storage.close();
                } catch (IOException e) {
                    first = first == null ? e : first;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
