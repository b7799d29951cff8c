package org.maat.atrest.lucene;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.store.IndexOutput;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.EncryptedChannel;
import org.maat.atrest.SharedReadChannel;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;

/**
 * A Lucene {@link Directory} wrapper that keeps every file of an index encrypted at rest in an
 * {@link AtRestVolume}: each file is stored through {@link AtRestVolume#open} (its blocks sealed and authenticated
 * under the volume's ciphers, switchable while the index is in use), at the path the wrapped {@link FSDirectory}
 * would use. Nothing else changes: Lucene sees plaintext files of their plaintext length, and the volume's own
 * files (region files of the Selective and Mirrored models, its configuration) are hidden from {@link #listAll}.
 *
 * <p>Composes with other wrappers such as core's {@code PolicyDirectory}, which sits on top and asks, before a
 * file exists, which cipher it may label the file with ({@link #floorFor}), then creates it with the requirement
 * itself ({@link #createOutput(String, IOContext, AtRestCipher)}). The file records that requirement, not the
 * cipher its blocks get at creation: a later switch and convergence move its blocks to whatever the volume then
 * gives that requirement, never below it, so the floor, and so the label, is the requirement (the weakest
 * cipher when there is none), which no switch can make an overstatement.
 *
 * <p>Guarantees: a block that does not authenticate (a flipped bit, a block moved between files or positions)
 * makes the read throw an {@link IOException} naming the file and block, never return other bytes. Locks stay the
 * wrapped directory's (a lock file holds no data). Plaintext blocks read are kept in a bounded in-memory cache
 * ({@link PlaintextBlockCache}, per directory): the disk holds only ciphertext, the process's memory holds
 * plaintext as any reader's does. Thread-safe.
 */
public final class AtRestDirectory extends FilterDirectory {

    /** Plaintext kept in memory by default for blocks read, per directory. */
    public static final long DEFAULT_CACHE_BYTES = 64L << 20;

    /** Bytes an output hands to the channel at once: whole blocks, so that each is sealed once. */
    private static final int OUTPUT_BLOCKS = 16;

    private final Path directory;
    /** Whether the directory is the volume's root, which holds the volume's configuration file. */
    private final boolean volumeRoot;
    private final AtRestVolume volume;
    private final int blockSize;
    private final PlaintextBlockCache cache;
    private final AtomicLong nextTempFile = new AtomicLong();

    /** The files of {@code in}'s directory (which lies in {@code volume}), with the default block cache. */
    public AtRestDirectory(FSDirectory in, AtRestVolume volume) {
        this(in, volume, DEFAULT_CACHE_BYTES);
    }

    /**
     * The files of {@code in}'s directory (which lies in {@code volume}), keeping at most {@code cacheBytes} of
     * decrypted blocks in memory (0: none; every read decrypts).
     */
    public AtRestDirectory(FSDirectory in, AtRestVolume volume, long cacheBytes) {
        super(in);
        this.directory = in.getDirectory();
        this.volumeRoot = directory.toAbsolutePath().normalize().equals(volume.root().toAbsolutePath().normalize());
        this.volume = volume;
        // New files get the volume's block size; inputs align on it (files made under another size still read
        // correctly, a block of theirs then possibly decrypted for two buffer fills).
        this.blockSize = volume.blockSize();
        this.cache = new PlaintextBlockCache(cacheBytes, blockSize);
    }

    /** The volume this directory's files are encrypted in. */
    public AtRestVolume volume() {
        return volume;
    }

    /**
     * The weakest cipher any block of a file created with the requirement {@code atLeast} (null: none) may ever
     * be sealed under, now or after any switch and convergence: {@code atLeast} itself, or the weakest cipher of
     * all when there is none (a volume may switch to any). What a layer above labels the file with: the blocks
     * of a new file get {@link AtRestVolume#cipherFor cipherFor(atLeast)}, often stronger, but the file records
     * only its requirement, to which convergence may bring them down.
     */
    public AtRestCipher floorFor(AtRestCipher atLeast) {
        return atLeast != null ? atLeast : Ciphers.all().get(0);
    }

    /**
     * Creates {@code name} with no requirement of its own: every block gets the volume's write cipher when it is
     * sealed, and convergence after a switch moves it to the new one (so its floor is the weakest cipher).
     */
    @Override
    public AtRestIndexOutput createOutput(String name, IOContext context) throws IOException {
        return createOutput(name, context, null);
    }

    /**
     * Creates {@code name}, whose every byte requires at least {@code atLeast} (null: nothing): its blocks are
     * sealed under {@link AtRestVolume#cipherFor cipherFor(atLeast)} as the volume's configuration is when each is
     * sealed, and the requirement is recorded with them, so that no switch or convergence seals them under less.
     * The returned output's {@link AtRestIndexOutput#cipher()} is {@link #floorFor floorFor(atLeast)}.
     *
     * @throws FileAlreadyExistsException when the file exists
     */
    public AtRestIndexOutput createOutput(String name, IOContext context, AtRestCipher atLeast) throws IOException {
        ensureOpen();
        Path file = directory.resolve(name);
        EncryptedChannel channel = volume.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        try {
            channel.requireAtLeast(atLeast);
        } catch (RuntimeException e) {
            closeAfterFailure(channel, e);
            throw e;
        }
        return new AtRestIndexOutput("AtRestIndexOutput(path=\"" + file + "\")", name, channel, floorFor(atLeast),
                OUTPUT_BLOCKS * blockSize);
    }

    @Override
    public AtRestIndexOutput createTempOutput(String prefix, String suffix, IOContext context) throws IOException {
        return createTempOutput(prefix, suffix, context, null);
    }

    /**
     * Creates a new file named from {@code prefix} and {@code suffix} as Lucene's directories name temporary
     * files, sealed as {@link #createOutput(String, IOContext, AtRestCipher)} seals.
     */
    public AtRestIndexOutput createTempOutput(String prefix, String suffix, IOContext context, AtRestCipher atLeast)
            throws IOException {
        ensureOpen();
        while (true) {
            String name = getTempFileName(prefix, suffix, nextTempFile.getAndIncrement());
            try {
                return createOutput(name, context, atLeast);
            } catch (FileAlreadyExistsException taken) {
                // Left by an earlier run or another directory instance: try the next name.
            }
        }
    }

    @Override
    public IndexInput openInput(String name, IOContext context) throws IOException {
        ensureOpen();
        Path file = directory.resolve(name);
        // Shared by every clone and slice, so by every searching thread: no reader's interrupt may close it.
        SharedReadChannel channel = SharedReadChannel.open(() -> volume.open(file, StandardOpenOption.READ));
        try {
            OpenFile open = new OpenFile(file.toString(), channel, blockSize, cache);
            return new AtRestIndexInput("AtRestIndexInput(path=\"" + file + "\")", open);
        } catch (IOException | RuntimeException e) {
            closeAfterFailure(channel, e);
            throw e;
        }
    }

    /**
     * The plaintext length of {@code name}: the volume's size of the file, authenticated once and remembered until
     * one of its physical files changes (Lucene asks for lengths in every listing and merge).
     */
    @Override
    public long fileLength(String name) throws IOException {
        ensureOpen();
        return volume.size(directory.resolve(name));
    }

    /**
     * Copies {@code src} of {@code from} into a new file {@code dest} of this directory, through this directory's
     * own {@link #createOutput}, so the copy is sealed like any file written here. Overridden on purpose:
     * {@link FilterDirectory} may delegate {@code copyFrom} to the wrapped directory (newer Lucene does), which
     * would write {@code IndexWriter.addIndexes}' files in the clear beside the encrypted ones. A failed copy
     * leaves no {@code dest}.
     */
    @Override
    public void copyFrom(Directory from, String src, String dest, IOContext context) throws IOException {
        ensureOpen();
        boolean done = false;
        try (IndexInput is = from.openInput(src, context); IndexOutput os = createOutput(dest, context)) {
            os.copyBytes(is, is.length());
            done = true;
        } finally {
            if (!done) {
                org.apache.lucene.util.IOUtils.deleteFilesIgnoringExceptions(this, dest);
            }
        }
    }

    /** The files of the index, without the volume's region files and configuration. */
    @Override
    public String[] listAll() throws IOException {
        ensureOpen();
        // The wrapped directory's listing is sorted; filtering keeps it so.
        return Arrays.stream(in.listAll())
                .filter(name -> !AtRestVolume.isRegionFile(name))
                // The configuration and its temporary copy during a switch.
                .filter(name -> !(volumeRoot && name.startsWith(AtRestVolume.CONFIG_FILE)))
                .toArray(String[]::new);
    }

    /** Deletes {@code name} with all its region files ({@link java.nio.file.NoSuchFileException} if absent). */
    @Override
    public void deleteFile(String name) throws IOException {
        ensureOpen();
        volume.delete(directory.resolve(name));
    }

    /**
     * Renames {@code source} with all its region files, each atomically, replacing {@code dest}'s
     * ({@link java.nio.file.NoSuchFileException} if absent).
     */
    @Override
    public void rename(String source, String dest) throws IOException {
        ensureOpen();
        volume.move(directory.resolve(source), directory.resolve(dest));
    }

    /** Makes {@code names} durable: every physical file of each (its regions' too). */
    @Override
    public void sync(Collection<String> names) throws IOException {
        ensureOpen();
        List<String> physical = new ArrayList<>();
        for (String name : names) {
            physical.add(name);
            for (Path region : volume.physicalFiles(directory.resolve(name))) {
                String regionName = region.getFileName().toString();
                if (!regionName.equals(name)) {
                    physical.add(regionName);
                }
            }
        }
        in.sync(physical);
    }

    @Override
    public String toString() {
        return "AtRestDirectory(" + volume.root() + ", " + in + ")";
    }

    private static void closeAfterFailure(AutoCloseable channel, Exception failure) {
        try {
            channel.close();
        } catch (Exception e) {
            failure.addSuppressed(e);
        }
    }
}
