package org.maat.atrest;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.LongConsumer;
import java.util.concurrent.ConcurrentHashMap;
import java.nio.file.Files;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.file.ConfigFile;
import org.maat.atrest.file.Convergence;
import org.maat.atrest.file.StatusScan;
import org.maat.atrest.file.VolumeConfig;
import org.maat.atrest.file.VolumeFiles;
import org.maat.atrest.file.VolumeKey;
import org.maat.keys.KeySource;
import org.maat.keys.KeySources;

/**
 * An encrypted volume: a directory tree (a Maat data directory) whose files are block-encrypted at rest,
 * configured by {@value #CONFIG_FILE} at its root (switching model, region ciphers, the cipher new blocks
 * get, block size, and the key's spec, never the key). Every process that opens a file under the root reads
 * the configuration again when it changes, so a switch made by {@code maat atrest switch} reaches a running
 * server's next write.
 *
 * <p>Each physical file starts with a header holding a random salt and bound to the file's name in the volume;
 * its blocks are sealed under a key derived with HKDF-SHA256 from the volume key, that salt and the cipher's
 * name, and a fresh 192-bit nonce per seal (XChaCha-style, made in one place: {@code file.BlockNonce}), so no
 * (key, nonce) pair repeats whatever happens to the files, and a file copied or moved to another name is
 * refused.
 *
 * <p>Thread-safe. Instances are shared per root within a JVM ({@link #enclosing}).
 */
public final class AtRestVolume {

    /** The configuration file at the root of a volume. */
    public static final String CONFIG_FILE = "atrest.json";
    /** Plaintext bytes per block of a new volume. */
    public static final int DEFAULT_BLOCK_SIZE = 4096;

    private static final Map<Path, AtRestVolume> OPEN = new ConcurrentHashMap<>();

    private final Path root;
    private final VolumeFiles files;

    private AtRestVolume(Path root, VolumeFiles files) {
        this.root = root;
        this.files = files;
    }

    private static Path normal(Path p) {
        return p.toAbsolutePath().normalize();
    }

    /**
     * Makes {@code root} an encrypted volume under the Forward model with {@code cipher} for new blocks, its
     * key from {@code keySpec} ({@code file:PATH}, created with a fresh random key when absent, or
     * {@code vault:...}; null: {@code file:} the root's sibling {@code ROOT.atrest.key}, outside the root so a
     * copy of the root alone carries no key). Files already under the root stay as they are: plaintext files
     * are read as such (never written: {@link #encryptPlaintext} them) until {@link #endPlaintext}, and only under
     * their names, which the configuration lists under its MAC (so another volume's configuration copied here admits
     * none of this volume's files); a volume made over a root holding no file but locks never holds plaintext
     * files, so a file without the header, or an empty file, is an error there.
     *
     * @throws IOException when the root already holds a volume or cannot be written
     */
    public static AtRestVolume create(Path root, AtRestCipher cipher, String keySpec) throws IOException {
        return create(root, cipher, keySpec, DEFAULT_BLOCK_SIZE);
    }

    /** Like {@link #create(Path, AtRestCipher, String)} with {@code blockSize} plaintext bytes per block. */
    public static AtRestVolume create(Path root, AtRestCipher cipher, String keySpec, int blockSize)
            throws IOException {
        Path r = normal(root);
        Path config = r.resolve(CONFIG_FILE);
        if (Files.exists(config)) {
            throw new IOException(r + " is already an encrypted volume (" + config + ")");
        }
        if (blockSize < 64 || blockSize > (1 << 24)) {
            throw new IllegalArgumentException("block size " + blockSize + " is out of range 64..16 MiB");
        }
        Files.createDirectories(r);
        String spec = keySpec != null ? keySpec : "file:" + r.resolveSibling(r.getFileName() + ".atrest.key");
        VolumeKey key = volumeKey(KeySources.openCreatingFile(spec));
        new VolumeConfig(SwitchModel.FORWARD, List.of(cipher), cipher, cipher, blockSize, relativeKeySpec(spec, r),
                plaintextNames(r)).withGeneration(1).write(config, key);
        AtRestVolume v = new AtRestVolume(r, new VolumeFiles(key, new ConfigFile(config, key)));
        OPEN.put(r, v);
        return v;
    }

    /**
     * The names of the files under {@code root} but locks and the configuration that lack the encrypted header:
     * data written before the volume, plaintext (an empty one too: read as empty until encrypted, where the
     * volume's own empty files are damage). Names only, as file headers bind them (directories are not bound).
     */
    private static java.util.SortedSet<String> plaintextNames(Path root) throws IOException {
        java.util.SortedSet<String> names = new java.util.TreeSet<>();
        try (var walk = Files.walk(root)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                String name = p.getFileName().toString();
                if (Files.isRegularFile(p) && !isLockFile(name) && !name.equals(CONFIG_FILE)
                        && !name.equals(CONFIG_FILE + ".tmp") && !isEncrypted(p)) {
                    names.add(name);
                }
            }
        }
        return names;
    }

    private static VolumeKey volumeKey(KeySource source) throws IOException {
        try {
            return VolumeKey.from(source);
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** The volume at {@code root}, its key opened from the configuration's spec (shared per root in this JVM). */
    public static AtRestVolume open(Path root) throws IOException {
        Path r = normal(root);
        AtRestVolume v = OPEN.get(r);
        if (v != null) {
            return v;
        }
        synchronized (OPEN) {
            v = OPEN.get(r);
            if (v == null) {
                Path config = r.resolve(CONFIG_FILE);
                String spec = VolumeConfig.recordedKeySpec(config); // authenticated below, under the key it names
                if (spec == null) {
                    throw new IOException(config + " names no key: open the volume with a KeySource");
                }
                VolumeKey key = volumeKey(KeySources.open(keySpecAt(spec, r)));
                v = new AtRestVolume(r, new VolumeFiles(key, new ConfigFile(config, key)));
                OPEN.put(r, v);
            }
            return v;
        }
    }

    /**
     * The volume at {@code root} with its key from {@code key} rather than the configuration's spec (a
     * {@code --at-rest-key} flag), registered as this JVM's instance for the root so that {@link #enclosing}
     * (how core opens its files) uses that key too.
     */
    public static AtRestVolume open(Path root, KeySource key) throws IOException {
        Path r = normal(root);
        synchronized (OPEN) {
            VolumeKey k = volumeKey(key);
            AtRestVolume v = new AtRestVolume(r, new VolumeFiles(k, new ConfigFile(r.resolve(CONFIG_FILE), k)));
            OPEN.put(r, v);
            return v;
        }
    }

    /**
     * Authenticates the {@value #CONFIG_FILE} of a volume made by an earlier version (format
     * {@value VolumeConfig#FORMAT_1}, which had no MAC and so is refused), under {@code key} (null: the key its
     * spec names): the key holder vouches for its content, which is kept as that format meant it (an absent
     * {@code plaintextFiles}: allowed, until {@link #endPlaintext}). Nothing when it is authenticated already.
     * Returns the volume, opened.
     */
    public static AtRestVolume upgrade(Path root, KeySource key) throws IOException {
        Path r = normal(root);
        Path config = r.resolve(CONFIG_FILE);
        synchronized (OPEN) {
            String spec = VolumeConfig.recordedKeySpec(config);
            if (key == null && spec == null) {
                throw new IOException(config + " names no key: upgrade the volume with a KeySource");
            }
            VolumeKey k = volumeKey(key != null ? key : KeySources.open(keySpecAt(spec, r)));
            VolumeConfig resealed = VolumeConfig.isFormat1(config) ? VolumeConfig.readFormat1(config)
                    : VolumeConfig.read(config, k);
            if (resealed.plaintextUnlisted()) {
                // The key holder vouches for the files without the header now: they are the volume's plaintext.
                resealed.withPlaintextNames(plaintextNames(r)).write(config, k);
            } else if (VolumeConfig.isFormat1(config)) {
                resealed.write(config, k);
            }
            AtRestVolume v = new AtRestVolume(r, new VolumeFiles(k, new ConfigFile(config, k)));
            OPEN.put(r, v);
            return v;
        }
    }

    /**
     * The volume {@code path} lies in: the nearest directory at or above it holding {@value #CONFIG_FILE},
     * or empty when there is none (plaintext data). One instance per root in this JVM.
     */
    public static Optional<AtRestVolume> enclosing(Path path) throws IOException {
        for (Path p = normal(path); p != null; p = p.getParent()) {
            AtRestVolume v = OPEN.get(p);
            if (v != null && Files.exists(v.files.config().path())) {
                return Optional.of(v);
            }
            if (Files.isRegularFile(p.resolve(CONFIG_FILE))) {
                OPEN.remove(p);
                return Optional.of(open(p));
            }
        }
        return Optional.empty();
    }

    /** Whether {@code file} starts with the encrypted-file header (any volume's). */
    public static boolean isEncrypted(Path file) throws IOException {
        return VolumeFiles.isEncrypted(file);
    }

    public Path root() {
        return root;
    }

    private VolumeConfig config() {
        try {
            return files.config().current();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The model the volume switches by now. */
    public SwitchModel model() {
        return config().model;
    }

    /** The cipher new blocks get when their data requires nothing stronger. */
    public AtRestCipher writeCipher() {
        return config().writeCipher;
    }

    /** The ciphers of the regions (one for Forward), in region order. */
    public List<AtRestCipher> regions() {
        return config().regions;
    }

    /** The region Mirrored reads prefer (the last switch's cipher). */
    public AtRestCipher readPreference() {
        return config().readPreference;
    }

    /**
     * The spec of the volume key recorded in {@value #CONFIG_FILE} ({@code file:PATH}, {@code vault:...}), a key
     * file's path resolved against the root (the configuration records it relative to the root); or null.
     */
    public String keySpec() {
        String recorded = config().keySpec;
        return recorded == null ? null : keySpecAt(recorded, root);
    }

    /**
     * How a volume at {@code root} records a key spec: a key file's path relative to the root ({@code
     * file:../data.atrest.key}), so that a volume moved or copied with its key beside it still finds it, and a
     * copy without it names the missing file rather than the original's key; other schemes as given.
     */
    static String relativeKeySpec(String spec, Path root) {
        String file = keyFileOf(spec);
        return file == null ? spec
                : "file:" + VolumeFiles.relativeName(root.relativize(normal(root.getFileSystem().getPath(file))));
    }

    /**
     * The spec a volume at {@code root} opens for the spec it {@code recorded}: a relative key file resolved
     * against the root, anything else as recorded (absolute paths, {@code vault:...}).
     */
    public static String keySpecAt(String recorded, Path root) {
        String file = keyFileOf(recorded);
        if (file == null || root.getFileSystem().getPath(file).isAbsolute()) {
            return recorded;
        }
        return "file:" + normal(root).resolve(file).normalize();
    }

    /** The key file {@code spec} names ({@code file:PATH} or a bare path), or null for another scheme. */
    private static String keyFileOf(String spec) {
        int colon = spec.indexOf(':');
        boolean schemed = colon > 1 && spec.lastIndexOf('/', colon) < 0;
        if (!schemed) {
            return spec;
        }
        return spec.substring(0, colon).equalsIgnoreCase("file") ? spec.substring(colon + 1) : null;
    }

    /** Plaintext bytes per block of new files. */
    public int blockSize() {
        return config().blockSize;
    }

    /**
     * The cipher new data gets when it requires at least {@code atLeast} (null: nothing): the write cipher
     * if strong enough, else (Selective) the weakest region cipher that is, else {@code atLeast} itself.
     */
    public AtRestCipher cipherFor(AtRestCipher atLeast) {
        return config().cipherFor(atLeast);
    }

    /**
     * Opens {@code file} (under the root) as a plaintext channel over its encrypted blocks, with the usual
     * {@link java.nio.file.StandardOpenOption}s: positional and sequential reads and writes, append, size,
     * truncate, force. A file that exists in plaintext (written before the volume was made) is opened as is,
     * for reading only and only while {@link #plaintextAllowed}; otherwise a file without the header is an
     * error naming it. A file the volume makes holds its header from the moment it exists, so an empty (0-byte)
     * file is an error naming it (a file cut to nothing), except a lock file ({@link #isLockFile}) and, while
     * {@link #plaintextAllowed}, an empty file from before the volume: those read as empty.
     * Reads of a block that fails authentication throw an {@link IOException} naming the file and block.
     * Writes reach the disk (and other channels) when the channel leaves their block, is forced or closed;
     * one channel at a time may write a file.
     */
    public EncryptedChannel open(Path file, OpenOption... options) throws IOException {
        return files.open(file, options);
    }

    /**
     * A plaintext reader of the logical file {@code logicalFile} (for messages) whose first region's physical
     * file is {@code region0} and whose other regions' files {@code otherRegions} gives by cipher name (empty
     * when absent; see {@link #regionFileName}). Reads prefer this volume's preferred region and fall back to
     * the others, as {@link #open} does. For readers without a local file, e.g. Hadoop's
     * {@code FSDataInputStream}.
     */
    public AtRestReader reader(Path logicalFile, PhysicalSource region0,
            Function<String, Optional<PhysicalSource>> otherRegions) throws IOException {
        return files.reader(logicalFile.toString(), region0, otherRegions, files.config().current());
    }

    /**
     * Like {@link #reader(Path, PhysicalSource, Function)} without a volume at hand (a Hadoop task has only the
     * key and the volume's {@code atrest.json}, authenticated by {@link #config(KeySource, String, byte[])}): a
     * file without the header, or cut to nothing, is refused as the volume refuses it, and a block is read as the
     * configuration orders its regions. The last name of {@code logicalFile} ({@code /}-separated) is the name its
     * header must be bound to.
     */
    public static AtRestReader reader(KeySource key, VolumeConfig config, String logicalFile, PhysicalSource region0,
            Function<String, Optional<PhysicalSource>> otherRegions) throws IOException {
        return new VolumeFiles(volumeKey(key), null).reader(logicalFile, region0, otherRegions,
                java.util.Objects.requireNonNull(config, "config"));
    }

    /**
     * The configuration {@code json} (a volume's {@code atrest.json}, read from {@code source}, for messages),
     * authenticated under {@code key}: an error naming {@code source} when the key holder did not write it.
     */
    public static VolumeConfig config(KeySource key, String source, byte[] json) throws IOException {
        return VolumeConfig.read(source, json, volumeKey(key));
    }

    /**
     * The key the configuration {@code json} (read from {@code source}, the volume at {@code root}) names, opened: a
     * reader that has only the volume's files (a MapReduce task) then authenticates the configuration under it with
     * {@link #config}.
     */
    public static KeySource recordedKey(String source, byte[] json, Path root) throws IOException {
        String spec = VolumeConfig.recordedKeySpec(source, json); // authenticated by config(), under the key it names
        if (spec == null) {
            throw new IOException(source + " names no key spec: the reader cannot decrypt the volume");
        }
        return KeySources.open(keySpecAt(spec, root));
    }

    /** The name of the physical file holding region {@code cipherName} of the file called {@code fileName}. */
    public static String regionFileName(String fileName, String cipherName) {
        return VolumeFiles.regionFileName(fileName, cipherName);
    }

    /**
     * Whether {@code name} is a lock file ({@code write.lock}, {@code edit.lock}): an empty file its owner locks
     * directly, which the volume keeps plain and empty and reads as empty.
     */
    public static boolean isLockFile(String name) {
        return VolumeFiles.isLockFile(name);
    }

    /** Whether {@code name} is a region file of another file (hidden from directory listings). */
    public static boolean isRegionFile(String name) {
        return VolumeFiles.isRegionFile(name);
    }

    /**
     * The plaintext length of {@code file} (a plaintext file's own length), from slot headers without
     * decrypting: cheap enough for directory listings. Opening and reading the file authenticates it.
     */
    public long size(Path file) throws IOException {
        return files.size(file);
    }

    /** Deletes {@code file} and its region files, if any ({@link java.nio.file.NoSuchFileException} if absent). */
    public void delete(Path file) throws IOException {
        files.delete(file);
    }

    /** Moves {@code source} and its region files to {@code target}, atomically per physical file, replacing. */
    public void move(Path source, Path target) throws IOException {
        files.move(source, target);
    }

    /** The physical files that hold {@code file} (the file itself, then its other regions' files that exist). */
    public List<Path> physicalFiles(Path file) {
        return files.physicalFiles(file);
    }

    /**
     * Switches while the volume is in use: from now on new blocks get {@code to} under {@code model}
     * (Mirrored: reads prefer the region of {@code to}, added and filled when new; Selective: {@code to} is
     * added as a region). Atomic and crash-safe: the configuration is written to a temporary file, forced,
     * renamed over the old one and the directory forced, so after a crash the volume is under the old or the
     * new configuration, every block readable. Channels open in this and other processes see it within
     * ~50 ms.
     */
    public void switchTo(AtRestCipher to, SwitchModel model) throws IOException {
        synchronized (files.config()) {
            files.config().write(files.config().refresh().switchedTo(to, model));
        }
    }

    /**
     * Re-encrypts every block not under the cipher the configuration wants for it (Forward: the write
     * cipher; Selective: its region's; Mirrored: fills missing regions), one block at a time so that a crash
     * leaves each block readable under a known cipher; never seals a block under less than the requirement its
     * data was written with ({@link EncryptedChannel#requireAtLeast}); skips files open for writing
     * in this JVM (the report names them: their writer holds blocks this run cannot see; run it again once
     * they are closed) and plaintext files. Reports bytes done to {@code progress}.
     */
    public ConvergeReport converge(LongConsumer progress) throws IOException {
        return new Convergence(files, root).run(progress);
    }

    /**
     * Encrypts {@code file}, a plaintext file written before the volume existed (nothing when it is encrypted
     * already; an error naming it once {@link #endPlaintext} was called, since a headerless file is then damage): its bytes are written encrypted to {@code FILE~encrypting} (hidden as a region file), forced,
     * and moved over it, so a crash leaves the plaintext or the encrypted file. Returns the bytes encrypted.
     * Converge leaves plaintext files alone (a data directory also holds files no volume may touch, such as
     * the policy store): callers name the files that must be encrypted.
     */
    public long encryptPlaintext(Path file) throws IOException {
        if (isEncrypted(file)) {
            return 0;
        }
        if (!plaintextAllowed()) {
            // Encrypting it would make a forged or cut file genuine: once plaintext ended it is damage.
            throw new IOException(file + ": not an encrypted file: header damaged or replaced (this volume holds no"
                    + " plaintext files), so not encrypted as genuine");
        }
        if (!config().admitsPlaintext(file.getFileName().toString())) {
            throw new IOException(file + ": not an encrypted file: header damaged or replaced (not one of the"
                    + " plaintext files " + CONFIG_FILE + " lists), so not encrypted as genuine");
        }
        Path temp = file.resolveSibling(regionFileName(file.getFileName().toString(), "encrypting"));
        if (Files.exists(temp)) {
            files.delete(temp);
        }
        long done = 0;
        try (java.nio.channels.FileChannel in = java.nio.channels.FileChannel.open(file);
                EncryptedChannel out = open(temp, java.nio.file.StandardOpenOption.CREATE_NEW,
                        java.nio.file.StandardOpenOption.WRITE)) {
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(1 << 16);
            while (in.read(b.clear()) > 0) {
                b.flip();
                done += out.write(b);
            }
            out.force(true);
        }
        files.move(temp, file);
        try (java.nio.channels.FileChannel dir = java.nio.channels.FileChannel.open(normal(file).getParent())) {
            dir.force(true);
        }
        return done;
    }

    /** Whether files without the encrypted header are read as plaintext written before the volume existed. */
    public boolean plaintextAllowed() {
        return config().plaintextAllowed;
    }

    /**
     * Records in {@value #CONFIG_FILE} that no plaintext file remains (call once every covered plaintext file
     * is encrypted): from then on a file without the encrypted header is an error naming it ("header damaged
     * or replaced"), in this and every other process.
     */
    public void endPlaintext() throws IOException {
        synchronized (files.config()) {
            VolumeConfig now = files.config().refresh();
            if (now.plaintextAllowed) {
                files.config().write(now.withoutPlaintext());
            }
        }
    }

    /** Which cipher protects how many bytes, per file and per region. */
    public VolumeStatus status() throws IOException {
        return new StatusScan(files, root).run();
    }
}
