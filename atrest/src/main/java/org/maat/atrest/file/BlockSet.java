package org.maat.atrest.file;

import java.io.IOException;
import java.util.List;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;

/**
 * The physical files of one logical file: the base file (index 0) and a region file per cipher
 * ({@code FILE~cipher}, index 1 + the cipher's place in {@link Ciphers#all()}), absent ones null. Finds the
 * copy of a block to trust (the valid copy with the highest generation, or in Mirrored the first valid copy
 * in preference order) and writes a block where the model wants it. Not thread-safe.
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
    final int blockSize;
    private byte[] scratch;

    /** Of the last {@link #read}: the highest generation any copy showed, and which files held a copy. */
    int generation;
    final boolean[] present;
    /** Of the last {@link #read}: the file the trusted copy came from (-1: none). */
    int copyFile;

    /** The weakest cipher the last read block's data allows (null: any). */
    AtRestCipher required() {
        return copyFile < 0 ? null : Ciphers.byId(files[copyFile].requiredId).orElse(null);
    }

    BlockSet(String name, BlockFile[] files, Opener opener, int blockSize) throws IOException {
        this.name = name;
        this.files = files;
        this.opener = opener;
        this.present = new boolean[files.length];
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

    /** Slots in the longest physical file: the number of blocks. */
    long slots() throws IOException {
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
     * first valid copy is taken (Mirrored: every region holds the same generation), otherwise the valid copy
     * with the highest generation. Returns its length, or -1 when no file holds the block.
     *
     * @throws IOException naming the file and block when copies exist and none authenticates
     */
    int read(long index, byte[] out, int[] order, boolean firstWins) throws IOException {
        int bestGen = -1;
        int bestLength = -1;
        int maxGen = -1;
        String damage = null;
        copyFile = -1;
        for (int k = 0; k < order.length; k++) {
            int fi = order[k];
            BlockFile f = files[fi];
            present[fi] = false;
            if (f == null) {
                continue;
            }
            if (bestLength >= 0 && firstWins) {
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
        generation = maxGen;
        if (bestLength < 0 && damage != null) {
            throw new IOException(damage);
        }
        return bestLength;
    }

    /** The highest generation any file's slot {@code index} shows (copies and emptied slots), -1 if none. */
    int highestGeneration(long index) throws IOException {
        int max = -1;
        for (int i = 0; i < files.length; i++) {
            if (files[i] != null) {
                files[i].readHeader(index);
                max = Math.max(max, files[i].generation);
                present[i] = files[i].cipherId != 0;
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

    /** The file at {@code index}, created if absent. */
    BlockFile file(int index) throws IOException {
        if (files[index] == null) {
            if (opener == null) {
                throw new IOException(name + ": read-only");
            }
            files[index] = opener.open(index);
        }
        return files[index];
    }

    /** Writes block {@code index} as {@code cipher} into file {@code at}, then empties its other copies. */
    void writeOnly(int at, long index, AtRestCipher cipher, AtRestCipher required, int gen, byte[] plain,
            int length, boolean[] holders) throws IOException {
        file(at).write(index, cipher, required, gen, plain, length);
        for (int i = 0; i < files.length; i++) {
            if (i != at && holders[i] && files[i] != null) {
                files[i].punch(index, gen);
            }
        }
        if (at != 0) {
            reachInBase(index, gen);
        }
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
