package org.maat.atrest;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.LongConsumer;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.keys.KeySource;

/**
 * An encrypted volume: a directory tree (a Maat data directory) whose files are block-encrypted at rest,
 * configured by {@value #CONFIG_FILE} at its root (switching model, region ciphers, the cipher new blocks
 * get, block size, and the key's spec, never the key). Every process that opens a file under the root reads
 * the configuration again when it changes, so a switch made by {@code maat atrest switch} reaches a running
 * server's next write.
 *
 * <p>Each physical file starts with a header holding a random salt; its blocks are sealed under a key
 * derived with HKDF-SHA256 from the volume key, that salt and the cipher's name, with a nonce made of the
 * block's index and its write generation (bumped on every rewrite of the block). A file created again gets
 * a new salt, so no nonce is used twice under one key.
 *
 * <p>Thread-safe. Instances are shared per root within a JVM ({@link #enclosing}).
 */
public final class AtRestVolume {

    /** The configuration file at the root of a volume. */
    public static final String CONFIG_FILE = "atrest.json";

    private AtRestVolume() {
        throw new UnsupportedOperationException("issue 16: not built yet");
    }

    /**
     * Makes {@code root} an encrypted volume under the Forward model with {@code cipher} for new blocks, its
     * key from {@code keySpec} ({@code file:PATH}, created with a fresh random key when absent, or
     * {@code vault:...}). Files already under the root stay as they are (plaintext files are read as such).
     *
     * @throws IOException when the root already holds a volume or cannot be written
     */
    public static AtRestVolume create(Path root, AtRestCipher cipher, String keySpec) throws IOException {
        throw new UnsupportedOperationException("issue 16: not built yet");
    }

    /** The volume at {@code root}, its key opened from the configuration's spec. */
    public static AtRestVolume open(Path root) throws IOException {
        throw new UnsupportedOperationException("issue 16: not built yet");
    }

    /** The volume at {@code root} with its key from {@code key} rather than the configuration's spec. */
    public static AtRestVolume open(Path root, KeySource key) throws IOException {
        throw new UnsupportedOperationException("issue 16: not built yet");
    }

    /**
     * The volume {@code path} lies in: the nearest directory at or above it holding {@value #CONFIG_FILE},
     * or empty when there is none (plaintext data). One instance per root in this JVM.
     */
    public static Optional<AtRestVolume> enclosing(Path path) throws IOException {
        throw new UnsupportedOperationException("issue 16: not built yet");
    }

    /** Whether {@code file} starts with the encrypted-file header (any volume's). */
    public static boolean isEncrypted(Path file) throws IOException {
        throw new UnsupportedOperationException("issue 16: not built yet");
    }

    public Path root() {
        throw new UnsupportedOperationException("issue 16: not built yet");
    }

    /** The model the volume switches by now. */
    public SwitchModel model() {
        throw new UnsupportedOperationException("issue 16: not built yet");
    }

    /** The cipher new blocks get when their data requires nothing stronger. */
    public AtRestCipher writeCipher() {
        throw new UnsupportedOperationException("issue 16: not built yet");
    }

    /** The ciphers of the regions (one for Forward), in region order. */
    public List<AtRestCipher> regions() {
        throw new UnsupportedOperationException("issue 16: not built yet");
    }

    /**
     * The cipher new data gets when it requires at least {@code atLeast} (null: nothing): the write cipher
     * if strong enough, else (Selective) the weakest region cipher that is, else {@code atLeast} itself.
     */
    public AtRestCipher cipherFor(AtRestCipher atLeast) {
        throw new UnsupportedOperationException("issue 16: not built yet");
    }

    /**
     * Opens {@code file} (under the root) as a plaintext channel over its encrypted blocks, with the usual
     * {@link java.nio.file.StandardOpenOption}s: positional and sequential reads and writes, append, size,
     * truncate, force. A file that exists in plaintext (written before the volume was made) is opened as is.
     * Reads of a block that fails authentication throw an {@link IOException} naming the file and block.
     */
    public EncryptedChannel open(Path file, OpenOption... options) throws IOException {
        throw new UnsupportedOperationException("issue 16: not built yet");
    }

    /** Deletes {@code file} and its region files, if any. */
    public void delete(Path file) throws IOException {
        throw new UnsupportedOperationException("issue 16: not built yet");
    }

    /** Moves {@code source} and its region files to {@code target}, atomically per physical file, replacing. */
    public void move(Path source, Path target) throws IOException {
        throw new UnsupportedOperationException("issue 16: not built yet");
    }

    /** The physical files that hold {@code file} (the file itself, then its other regions' files). */
    public List<Path> physicalFiles(Path file) {
        throw new UnsupportedOperationException("issue 16: not built yet");
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
        throw new UnsupportedOperationException("issue 16: not built yet");
    }

    /**
     * Like {@link #reader(Path, PhysicalSource, Function)} without a volume at hand (a Hadoop task has only the
     * key): reads prefer the cheapest region.
     */
    public static AtRestReader reader(KeySource key, String logicalFile, PhysicalSource region0,
            Function<String, Optional<PhysicalSource>> otherRegions) throws IOException {
        throw new UnsupportedOperationException("issue 16: not built yet");
    }

    /** The name of the physical file holding region {@code cipherName} of the file called {@code fileName}. */
    public static String regionFileName(String fileName, String cipherName) {
        throw new UnsupportedOperationException("issue 16: not built yet");
    }

    /** Whether {@code name} is a region file of another file (hidden from directory listings). */
    public static boolean isRegionFile(String name) {
        throw new UnsupportedOperationException("issue 16: not built yet");
    }

    /**
     * Switches while the volume is in use: from now on new blocks get {@code to} under {@code model}
     * (Mirrored: reads prefer the region of {@code to}, added and filled when new). Atomic and crash-safe:
     * after a crash the volume is under the old or the new configuration, every block readable.
     */
    public void switchTo(AtRestCipher to, SwitchModel model) throws IOException {
        throw new UnsupportedOperationException("issue 16: not built yet");
    }

    /**
     * Re-encrypts every block not under the cipher the configuration wants for it (Forward: the write
     * cipher; Selective: its region's; Mirrored: fills missing regions), one block at a time so that a crash
     * leaves each block readable under a known cipher; reports bytes done to {@code progress}.
     */
    public ConvergeReport converge(LongConsumer progress) throws IOException {
        throw new UnsupportedOperationException("issue 16: not built yet");
    }

    /** Which cipher protects how many bytes, per file and per region. */
    public VolumeStatus status() throws IOException {
        throw new UnsupportedOperationException("issue 16: not built yet");
    }
}
