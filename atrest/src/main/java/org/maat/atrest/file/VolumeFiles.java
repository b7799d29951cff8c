package org.maat.atrest.file;

import java.io.IOException;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.maat.atrest.AtRestReader;
import org.maat.atrest.EncryptedChannel;
import org.maat.atrest.PhysicalSource;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;

/**
 * The physical side of a volume: which physical files hold a logical file ({@code F}, then {@code F~cipher}
 * per other region), and opening, deleting and moving them together. Knows the files open for writing in
 * this JVM, which convergence leaves alone.
 */
public final class VolumeFiles {

    /** Separates a file's name from its region's cipher; never occurs in Lucene's or Maat's file names. */
    public static final char REGION_MARK = '~';

    private final VolumeKey key;
    private final ConfigFile config;
    private final BlockSet.Rewrites rewrites;
    private final Function<FileChannel, Storage> storage;
    /**
     * The files open for writing in this JVM, each with its count of writing channels; the entry is also the
     * lock that makes reading a block's generation and sealing it one step across those channels.
     */
    private final Map<Path, Writers> writers = new ConcurrentHashMap<>();
    /** The newest version of each file and block this instance has read or written: older ones are refused. */
    private final SeenVersions seen = new SeenVersions();

    private static final class Writers {
        int count;
    }

    public VolumeFiles(VolumeKey key, ConfigFile config) {
        this(key, config, BlockSet.Rewrites.STAGED, Storage::of);
    }

    /**
     * For crash tests: {@code storage} wraps the channels of files opened here (a test tears their writes the
     * way a SIGKILL can), and {@link BlockSet.Rewrites#IN_PLACE} shows why rewrites are staged.
     */
    VolumeFiles(VolumeKey key, ConfigFile config, BlockSet.Rewrites rewrites, Function<FileChannel, Storage> storage) {
        this.key = key;
        this.config = config;
        this.rewrites = rewrites;
        this.storage = storage;
    }

    public VolumeKey key() {
        return key;
    }

    public ConfigFile config() {
        return config;
    }

    public static String regionFileName(String fileName, String cipherName) {
        return fileName + REGION_MARK + cipherName;
    }

    public static boolean isRegionFile(String name) {
        return name.indexOf(REGION_MARK) >= 0;
    }

    static Path regionPath(Path file, AtRestCipher c) {
        return file.resolveSibling(regionFileName(file.getFileName().toString(), c.name()));
    }

    /** The base file, then the region files that exist. */
    public List<Path> physicalFiles(Path file) {
        List<Path> out = new ArrayList<>();
        out.add(file);
        for (AtRestCipher c : Ciphers.all()) {
            Path r = regionPath(file, c);
            if (Files.exists(r)) {
                out.add(r);
            }
        }
        return out;
    }

    /** Whether {@code file} is open for writing through this JVM's volume. */
    boolean beingWritten(Path file) {
        return writers.containsKey(file.toAbsolutePath().normalize());
    }

    /** Whether the file's first bytes are the encrypted header. */
    public static boolean isEncrypted(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            return startsWithMagic(ch);
        }
    }

    private static boolean startsWithMagic(FileChannel ch) throws IOException {
        byte[] b = new byte[FileHeader.MAGIC.length];
        int n = Storage.of(ch).readFully(0, b, 0, b.length);
        return FileHeader.hasMagic(b, n) || FileHeader.hasDamagedMagic(b, n);
    }

    public EncryptedChannel open(Path file, OpenOption... options) throws IOException {
        Set<OpenOption> opts = new HashSet<>(List.of(options));
        boolean append = opts.contains(StandardOpenOption.APPEND);
        boolean write = opts.contains(StandardOpenOption.WRITE) || append;
        boolean read = opts.contains(StandardOpenOption.READ) || !write;
        boolean truncate = write && opts.contains(StandardOpenOption.TRUNCATE_EXISTING);
        VolumeConfig cfg = config.refresh();
        Set<OpenOption> baseOptions = new HashSet<>();
        baseOptions.add(StandardOpenOption.READ);
        if (write) {
            baseOptions.add(StandardOpenOption.WRITE);
            for (OpenOption o : List.of(StandardOpenOption.CREATE, StandardOpenOption.CREATE_NEW,
                    java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                if (opts.contains(o)) {
                    baseOptions.add(o);
                }
            }
        }
        boolean creating = write && (opts.contains(StandardOpenOption.CREATE_NEW)
                || opts.contains(StandardOpenOption.CREATE) && !Files.exists(file));
        FileChannel base = creating ? createWithHeader(file, cfg.blockSize, baseOptions) : null;
        boolean created = base != null;
        if (!created) {
            baseOptions.remove(StandardOpenOption.CREATE_NEW);
            baseOptions.remove(StandardOpenOption.CREATE);
            base = FileChannel.open(file, baseOptions);
        }
        List<FileChannel> opened = new ArrayList<>(List.of(base));
        try {
            long length = base.size();
            if (length > 0 && !truncate && !startsWithMagic(base)) {
                base.close();
                admitPlaintext(file.toString(), key(file), cfg, write, root());
                return new PlaintextChannel(FileChannel.open(file, StandardOpenOption.READ));
            }
            if (length == 0 && !truncate) {
                refuseEmpty(file.toString(), bound(file), physicalFiles(file).size() > 1, cfg, root());
                if (!write) {
                    seen.empty(key(file), file.toString());
                    return new PlaintextChannel(base);
                }
            }
            String name = file.toString();
            boolean anew = !created && (truncate || length == 0); // an existing file made again: a fresh header
            if (anew) {
                base.truncate(0);
            }
            // A file made here has no regions yet: any left under its name belong to another, older file.
            BlockFile[] files = physical(file, base, write, anew ? cfg.blockSize : 0, truncate || created, opened);
            List<AtRestCipher> ciphers = Ciphers.all();
            BlockSet.Opener opener = write ? index -> createRegion(file, ciphers.get(index - 1),
                    files[0].header.blockSize) : null;
            BlockSet set = new BlockSet(name, files, opener, files[0].header.blockSize, rewrites, seen, key(file));
            // Region files another channel or process makes after this set opened: a reader looks for them when a
            // read finds an older copy than it knew, a writer also before every truncation (which must cut them).
            set.findNewFilesWith(index -> existingRegion(file, ciphers.get(index - 1), write));
            Path id = file.toAbsolutePath().normalize();
            Object lock = write ? writers.compute(id, (k, w) -> {
                Writers now = w == null ? new Writers() : w;
                now.count++;
                return now;
            }) : new Object();
            Runnable release = write ? () -> writers.computeIfPresent(id, (k, w) -> --w.count == 0 ? null : w)
                    : () -> { };
            try {
                // A file gone when its channel closes was deleted or moved outside this volume: its record is freed.
                Runnable closed = () -> {
                    try {
                        release.run();
                    } finally {
                        seen.forgetIfGone(key(file), file);
                    }
                };
                return new BlockChannel(set, config, base, read, write, append, lock, closed);
            } catch (IOException | RuntimeException e) {
                release.run();
                throw e;
            }
        } catch (IOException | RuntimeException e) {
            for (FileChannel c : opened) {
                c.close();
            }
            throw e;
        }
    }

    /** The volume's root: the directory of its configuration. */
    private Path root() {
        return config.path().toAbsolutePath().getParent();
    }

    /**
     * The one check of a file without the encrypted header, whoever asks (a channel, a reader, a length): refused
     * unless plaintext files may still exist under the volume and its name is one of theirs
     * ({@link VolumeConfig#admitsPlaintext}); refused to write at all (a record appended in the clear would never be
     * encrypted); refused when this volume has read or written an encrypted incarnation at {@code key} (the plaintext
     * original put back is an older copy).
     */
    private void admitPlaintext(String file, String key, VolumeConfig cfg, boolean write, Path root)
            throws IOException {
        refuseUnlistedPlaintext(file, cfg, write, root);
        seen.plaintext(key, file);
    }

    private static void refuseUnlistedPlaintext(String file, VolumeConfig cfg, boolean write, Path root)
            throws IOException {
        if (!cfg.plaintextAllowed) {
            throw new IOException(file + ": not an encrypted file: header damaged or replaced (this volume holds"
                    + " no plaintext files)");
        }
        if (!cfg.admitsPlaintext(bound(file))) {
            throw new IOException(file + ": not an encrypted file: header damaged or replaced ("
                    + notListed(cfg, root) + ")");
        }
        if (write) {
            throw new IOException(file + ": a plaintext file written before the volume existed is not written in"
                    + " the clear: encrypt it first ('maat atrest converge')");
        }
    }

    /**
     * Makes {@code file} with its header already in it, so that no file the volume makes is ever seen empty, even
     * after a crash: the header is written to a fresh file of a hidden, unique name ({@code F~creating-N}), which is
     * then hard-linked as {@code file} (refused when {@code file} exists: an atomic create) and unlinked. Returns the
     * open channel of the new file; null when {@code file} exists (with {@code CREATE_NEW}: the error). The hidden
     * name is closed before it is unlinked and {@code file} opened after: a file system with Windows semantics
     * refuses to delete an open file. On a file system without hard links, the file is created and the header
     * written after (a crash between the two leaves an empty file, refused when opened).
     */
    private FileChannel createWithHeader(Path file, int blockSize, Set<OpenOption> baseOptions) throws IOException {
        boolean createNew = baseOptions.contains(StandardOpenOption.CREATE_NEW);
        Path temp = file.resolveSibling(regionFileName(file.getFileName().toString(),
                "creating-" + Long.toHexString(CREATING.nextLong())));
        try {
            try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                    StandardOpenOption.WRITE)) {
                BlockFile.create(file.toString(), bound(file), storage.apply(ch), blockSize, key);
            }
            try {
                Files.createLink(file, temp);
            } catch (java.nio.file.FileAlreadyExistsException exists) {
                if (createNew) {
                    throw exists;
                }
                return null;
            } catch (UnsupportedOperationException | java.nio.file.FileSystemException noLinks) {
                return createThenHeader(file, blockSize, baseOptions);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
        Set<OpenOption> existing = new HashSet<>(baseOptions);
        existing.remove(StandardOpenOption.CREATE_NEW);
        existing.remove(StandardOpenOption.CREATE);
        return FileChannel.open(file, existing);
    }

    /** {@link #createWithHeader} where there are no hard links: the header follows the file's creation. */
    private FileChannel createThenHeader(Path file, int blockSize, Set<OpenOption> baseOptions) throws IOException {
        FileChannel plain = FileChannel.open(file, baseOptions);
        try {
            if (plain.size() > 0) {
                plain.close();
                return null; // made meanwhile by another writer: opened as it is
            }
            BlockFile.create(file.toString(), bound(file), storage.apply(plain), blockSize, key);
            return plain;
        } catch (IOException | RuntimeException e) {
            plain.close();
            throw e;
        }
    }

    /** Unique names for the files {@link #createWithHeader} links into place. */
    private static final java.security.SecureRandom CREATING = new java.security.SecureRandom();

    /**
     * Refuses an existing 0-byte file {@code file} (named {@code name} in its directory) unless the volume may hold
     * it empty and plain: a lock file ({@link #isLockFile}), or, while plaintext files may still exist, an empty
     * file written before the volume. Every file the volume makes has its header from the moment it exists
     * ({@link #createWithHeader}), so any other empty file is a file cut to nothing, its header gone with its
     * blocks: an error naming it, never an empty file; so is an empty file with region files beside it.
     */
    private static void refuseEmpty(String file, String name, boolean regions, VolumeConfig cfg, Path root)
            throws IOException {
        if (regions || !(isLockFile(name) || cfg.admitsPlaintext(name))) {
            throw new IOException(file + ": an empty file where the volume keeps an encrypted one: its header is gone"
                    + " (cut to 0 bytes)" + (regions ? " while its region files remain" : "")
                    + (cfg.plaintextAllowed && !regions && !isLockFile(name) ? "; " + notListed(cfg, root) : ""));
        }
    }

    /** Why a file is not admitted as plaintext where plaintext files are allowed: its name is not listed. */
    private static String notListed(VolumeConfig cfg, Path root) {
        if (cfg.plaintextUnlisted()) {
            return "the volume's " + org.maat.atrest.AtRestVolume.CONFIG_FILE + " allows plaintext files but lists none, as an earlier"
                    + " version wrote it: check the directory's files, then list them with '"
                    + VolumeConfig.UPGRADE.replace("DIR", String.valueOf(root)) + "'";
        }
        return "not one of the plaintext files the volume was made over, which " + org.maat.atrest.AtRestVolume.CONFIG_FILE
                + " lists";
    }

    /** The names the volume holds as plain empty files: OS locks, taken on the file by their owners directly. */
    private static final Set<String> LOCK_FILES = Set.of("write.lock", "edit.lock");

    /**
     * Whether {@code name} is a lock file: Lucene's {@code write.lock} (the wrapped {@code FSDirectory}'s lock
     * factory) or the conduit store's {@code edit.lock}. An OS lock on an empty file, made and opened by its owner,
     * never through the volume, holding no data: the only files the volume keeps empty and plain.
     */
    public static boolean isLockFile(String name) {
        return LOCK_FILES.contains(name);
    }

    private BlockFile createRegion(Path file, AtRestCipher c, int blockSize) throws IOException {
        Path r = regionPath(file, c);
        FileChannel ch = FileChannel.open(r, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        try {
            return physical(r.toString(), bound(r), storage.apply(ch), ch.size() == 0 ? blockSize : 0);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** The region file of {@code c} if it exists and holds a header, opened read-only or for writing; else null. */
    private BlockFile existingRegion(Path file, AtRestCipher c, boolean write) throws IOException {
        Path r = regionPath(file, c);
        FileChannel ch;
        try {
            ch = write ? FileChannel.open(r, StandardOpenOption.READ, StandardOpenOption.WRITE)
                    : FileChannel.open(r, StandardOpenOption.READ);
        } catch (NoSuchFileException absent) {
            return null;
        }
        try {
            if (ch.size() < FileHeader.LENGTH) {
                ch.close(); // absent, or being created: its header is not written yet
                return null;
            }
            return physical(r.toString(), bound(r), storage.apply(ch), 0);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** A block set over {@code file} for convergence: every physical file, writable. Null for a plaintext file. */
    BlockSet openForRewrite(Path file) throws IOException {
        FileChannel base = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        List<FileChannel> opened = new ArrayList<>(List.of(base));
        try {
            if (!startsWithMagic(base)) {
                base.close();
                return null;
            }
            BlockFile[] files = physical(file, base, true, 0, false, opened);
            List<AtRestCipher> ciphers = Ciphers.all();
            int bs = files[0].header.blockSize;
            return new BlockSet(file.toString(), files, index -> createRegion(file, ciphers.get(index - 1), bs), bs,
                    BlockSet.Rewrites.STAGED, seen, key(file));
        } catch (IOException | RuntimeException e) {
            for (FileChannel c : opened) {
                c.close();
            }
            throw e;
        }
    }

    /**
     * The one factory of a logical file's physical files: the base file over {@code base} (a fresh header when
     * {@code freshBlockSize > 0}), then each region file {@code F~cipher} that exists: deleted when
     * {@code deleteRegions} (a truncating open), a fresh header when empty and {@code write}, absent when empty
     * and read-only, opened otherwise. Every storage goes through the test seam, every header is authenticated
     * for the file's name in the volume ({@link #bound}). The channels it opens are added to {@code opened}.
     */
    BlockFile[] physical(Path file, FileChannel base, boolean write, int freshBlockSize,
            boolean deleteRegions, List<FileChannel> opened) throws IOException {
        List<AtRestCipher> ciphers = Ciphers.all();
        BlockFile[] files = new BlockFile[1 + ciphers.size()];
        files[0] = physical(file.toString(), bound(file), storage.apply(base), freshBlockSize);
        for (int j = 0; j < ciphers.size(); j++) {
            Path r = regionPath(file, ciphers.get(j));
            if (!Files.exists(r)) {
                continue;
            }
            if (deleteRegions) {
                Files.delete(r);
                continue;
            }
            FileChannel rc = FileChannel.open(r, write ? Set.of(StandardOpenOption.READ, StandardOpenOption.WRITE)
                    : Set.of(StandardOpenOption.READ));
            opened.add(rc);
            if (rc.size() > 0 || write) {
                files[1 + j] = physical(r.toString(), bound(r), storage.apply(rc),
                        rc.size() == 0 ? files[0].header.blockSize : 0);
            }
        }
        return files;
    }

    /** One physical file: a fresh header when {@code freshBlockSize > 0}, else the header on disk checked. */
    private BlockFile physical(String name, String bound, Storage s, int freshBlockSize) throws IOException {
        return freshBlockSize > 0 ? BlockFile.create(name, bound, s, freshBlockSize, key)
                : BlockFile.open(name, bound, s, key);
    }

    /**
     * The name a file's header is bound to: its own name ({@code _0.cfs}, {@code _0.cfs~chacha20}), so that a file
     * copied or moved over another (or into another volume under the same key) fails authentication, while a
     * directory renamed whole (a MapReduce job's committer moving its task's output into place, a volume moved or
     * copied) still reads.
     */
    static String bound(Path file) {
        return file.getFileName().toString();
    }

    /** The last name of a {@code /}-separated path (a key-only reader's file, e.g. a Hadoop path). */
    private static String bound(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** {@code rel}'s names joined with {@code /}, whatever the platform's separator. */
    public static String relativeName(Path rel) {
        StringBuilder b = new StringBuilder();
        for (Path part : rel) {
            if (b.length() > 0) {
                b.append('/');
            }
            b.append(part);
        }
        return b.toString();
    }

    /** A reader over sources; {@code cfg} null: no preference (every copy looked at). */
    public AtRestReader reader(String name, PhysicalSource region0,
            Function<String, Optional<PhysicalSource>> otherRegions, VolumeConfig cfg) throws IOException {
        byte[] head = new byte[FileHeader.MAGIC.length];
        int n = Storage.of(region0).readFully(0, head, 0, head.length);
        if (n > 0 && !FileHeader.hasMagic(head, n) && !FileHeader.hasDamagedMagic(head, n)) {
            admitPlaintext(name, name, cfg, false, config == null ? null : root());
            return SourceReader.plaintext(region0);
        }
        if (n == 0) {
            boolean regions = false;
            for (AtRestCipher c : Ciphers.all()) {
                regions |= otherRegions.apply(c.name()).isPresent();
            }
            refuseEmpty(name, bound(name), regions, cfg, config == null ? null : root());
            seen.empty(name, name);
            return SourceReader.plaintext(region0); // a lock file, or an empty file from before the volume
        }
        List<AtRestCipher> ciphers = Ciphers.all();
        BlockFile[] files = new BlockFile[1 + ciphers.size()];
        String bound = bound(name);
        files[0] = physical(name, bound, Storage.of(region0), 0);
        for (int j = 0; j < ciphers.size(); j++) {
            Optional<PhysicalSource> s = otherRegions.apply(ciphers.get(j).name());
            if (s.isPresent() && s.get().size() > 0) {
                String region = regionFileName(bound, ciphers.get(j).name());
                files[1 + j] = physical(regionFileName(name, ciphers.get(j).name()), region, Storage.of(s.get()), 0);
            }
        }
        BlockSet set = new BlockSet(name, files, null, files[0].header.blockSize, BlockSet.Rewrites.STAGED, seen, name);
        boolean mirrored = cfg != null && cfg.model == org.maat.atrest.SwitchModel.MIRRORED;
        return SourceReader.encrypted(set, BlockSet.readOrder(cfg, ciphers, files.length), mirrored);
    }

    /**
     * The plaintext length of {@code file}: its slot count and the length of its last block, that block
     * authenticated (a lying slot header is an error naming the file, never a wrong size). Remembered per
     * file until one of its physical files changes size or modification time, so a directory listing costs
     * a few stats per file.
     */
    public long size(Path file) throws IOException {
        Path id = file.toAbsolutePath().normalize();
        List<Object> stamp = stamp(file);
        KnownSize known = sizes.get(id);
        if (known != null && known.stamp.equals(stamp)) {
            return known.size;
        }
        long size;
        try (FileChannel base = FileChannel.open(file, StandardOpenOption.READ)) {
            if (base.size() == 0) {
                refuseEmpty(file.toString(), bound(file), physicalFiles(file).size() > 1, config.current(), root());
                seen.empty(key(file), file.toString());
                return 0;
            }
            if (!startsWithMagic(base)) {
                admitPlaintext(file.toString(), key(file), config.current(), false, root());
                return base.size();
            }
            List<FileChannel> channels = new ArrayList<>();
            try {
                List<AtRestCipher> ciphers = Ciphers.all();
                BlockFile[] all = physical(file, base, false, 0, false, channels);
                BlockSet set = new BlockSet(file.toString(), all, null, all[0].header.blockSize,
                        BlockSet.Rewrites.STAGED, seen, key(file));
                long slots = set.slots();
                if (slots == 0) {
                    size = 0;
                } else {
                    int[] every = BlockSet.readOrder(null, ciphers, all.length);
                    int last = set.read(slots - 1, new byte[set.blockSize], every, false).length();
                    if (last < 0) {
                        throw new IOException(file + ": block " + (slots - 1) + " is missing from every region");
                    }
                    size = (slots - 1) * set.blockSize + last;
                }
            } finally {
                for (FileChannel ch : channels) {
                    ch.close();
                }
            }
        }
        sizes.put(id, new KnownSize(stamp, size));
        return size;
    }

    /** A size {@link #size} authenticated, and the physical files' sizes and times it was read at. */
    private record KnownSize(List<Object> stamp, long size) {
    }

    private final Map<Path, KnownSize> sizes = new ConcurrentHashMap<>();

    private List<Object> stamp(Path file) throws IOException {
        List<Object> s = new ArrayList<>();
        for (Path p : physicalFiles(file)) {
            java.nio.file.attribute.BasicFileAttributes a = Files.readAttributes(p,
                    java.nio.file.attribute.BasicFileAttributes.class);
            s.add(p.getFileName().toString());
            s.add(a.size());
            s.add(a.lastModifiedTime());
            s.add(String.valueOf(a.fileKey()));
        }
        return s;
    }

    /** The key {@link SeenVersions} knows a local file by: its absolute, normalized path. */
    private static String key(Path file) {
        return file.toAbsolutePath().normalize().toString();
    }

    /** Deletes the file's physical files; the versions seen of it are dropped (its incarnation ended). */
    public void delete(Path file) throws IOException {
        for (AtRestCipher c : Ciphers.all()) {
            Files.deleteIfExists(regionPath(file, c));
        }
        Files.delete(file);
        seen.deleted(key(file));
    }

    /**
     * Moves a logical file's physical files to {@code target}'s names. Each encrypted header is first bound to its
     * new name (and forced), then the file is moved atomically: a crash between the two leaves the source name
     * refused as bound to another name (Lucene's renames are of a commit's pending file, which it then deletes),
     * never the target name holding a file it cannot read.
     */
    public void move(Path source, Path target) throws IOException {
        if (!Files.exists(source)) {
            throw new NoSuchFileException(source.toString());
        }
        for (AtRestCipher c : Ciphers.all()) {
            Path from = regionPath(source, c);
            Path to = regionPath(target, c);
            if (Files.exists(from)) {
                rebind(from, to);
                Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } else {
                Files.deleteIfExists(to);
            }
        }
        rebind(source, target);
        Files.move(source, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        seen.moved(key(source), key(target));
    }

    /** Binds the header of {@code from} (if encrypted and not empty) to {@code to}'s name. */
    private void rebind(Path from, Path to) throws IOException {
        try (FileChannel ch = FileChannel.open(from, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            if (ch.size() == 0 || !startsWithMagic(ch)) {
                return;
            }
            physical(from.toString(), bound(from), storage.apply(ch), 0).rebind(bound(to));
        }
    }

    /** Every logical file under {@code root}: regular files but the configuration and region files, sorted. */
    static List<Path> logicalFiles(Path root) throws IOException {
        try (var s = Files.walk(root)) {
            return s.filter(Files::isRegularFile)
                    .filter(p -> !isRegionFile(p.getFileName().toString()))
                    .filter(p -> !(p.getParent().equals(root) && p.getFileName().toString().startsWith(
                            org.maat.atrest.AtRestVolume.CONFIG_FILE)))
                    .sorted().toList();
        }
    }

}
