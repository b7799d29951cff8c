package org.maat.core.storage;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.EncryptedChannel;
import org.maat.atrest.cipher.AtRestCipher;

/**
 * How the files of one store are opened, moved and deleted: through the encrypted volume the store lies in
 * ({@link AtRestVolume#enclosing}), so every byte reaches the disk sealed, or, when there is none, as plain
 * {@code java.nio} files. Chosen once per store directory and passed to the code that touches its files, so
 * no file of the store is opened past it. Plaintext files written before the volume existed are read as is
 * (the volume's promise) but never written: opening one for writing is a {@link PlaintextInVolumeException};
 * new files under a volume are always encrypted. No volume is cached here: each store directory asks
 * {@link AtRestVolume#enclosing} when its files are chosen, so a volume opened with an explicit key (e.g.
 * {@code --at-rest-key}) and registered there is the one used.
 */
public final class StorageFiles {

    private static final StorageFiles PLAINTEXT = new StorageFiles(null);

    private final AtRestVolume volume;

    private StorageFiles(AtRestVolume volume) {
        this.volume = volume;
    }

    /** The files of {@code dir}: encrypted when it lies in a volume, plaintext otherwise. */
    public static StorageFiles at(Path dir) throws IOException {
        return AtRestVolume.enclosing(dir).map(StorageFiles::new).orElse(PLAINTEXT);
    }

    /** Plain {@code java.nio} files, whatever directory they lie in. */
    public static StorageFiles plaintext() {
        return PLAINTEXT;
    }

    /** The volume the files are sealed in, empty for plaintext. */
    public Optional<AtRestVolume> volume() {
        return Optional.ofNullable(volume);
    }

    /**
     * A channel of the file's plaintext bytes ({@link AtRestVolume#open} or {@link FileChannel#open}).
     *
     * @throws PlaintextInVolumeException when opening for writing a plaintext file that lies in a volume
     */
    public FileChannel open(Path file, OpenOption... options) throws IOException {
        if (volume == null) {
            return FileChannel.open(file, options);
        }
        if (writes(options)) {
            requireEncrypted(file);
        }
        return volume.open(file, options);
    }

    /**
     * Throws {@link PlaintextInVolumeException} if some file of {@code dir} (not its region files) holds
     * plaintext in a volume: what a writer that will add to a store's existing files checks before it changes
     * anything. Nothing to check for plaintext files.
     */
    public void requireNoPlaintext(Path dir) throws IOException {
        if (volume == null) {
            return;
        }
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(f -> !AtRestVolume.isRegionFile(f.getFileName().toString())).toList()) {
                requireEncrypted(f);
            }
        }
    }

    /** An existing non-empty file that is not encrypted cannot take writes under a volume. */
    private void requireEncrypted(Path file) throws IOException {
        if (Files.isRegularFile(file) && Files.size(file) > 0 && !AtRestVolume.isEncrypted(file)) {
            throw new PlaintextInVolumeException(file, volume.root());
        }
    }

    private static boolean writes(OpenOption... options) {
        for (OpenOption o : options) {
            if (o == StandardOpenOption.WRITE || o == StandardOpenOption.APPEND) {
                return true;
            }
        }
        return false;
    }

    /** Moves {@code source} over {@code target} atomically (with its region files, in a volume). */
    public void move(Path source, Path target) throws IOException {
        if (volume == null) {
            Files.move(source, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } else {
            volume.move(source, target);
        }
    }

    /** Deletes {@code file} (and its region files); whether there was anything to delete. */
    public boolean deleteIfExists(Path file) throws IOException {
        if (volume == null) {
            return Files.deleteIfExists(file);
        }
        boolean exists = volume.physicalFiles(file).stream().anyMatch(Files::exists);
        if (exists) {
            volume.delete(file);
        }
        return exists;
    }

    /** The whole file as UTF-8 text. */
    public String readString(Path file) throws IOException {
        if (volume == null) {
            return Files.readString(file, StandardCharsets.UTF_8);
        }
        try (FileChannel c = open(file, StandardOpenOption.READ)) {
            ByteBuffer all = ByteBuffer.allocate(Math.toIntExact(c.size()));
            while (all.hasRemaining() && c.read(all, all.position()) >= 0) {
                // a positional read returns -1 only at the end
            }
            return new String(all.array(), 0, all.position(), StandardCharsets.UTF_8);
        }
    }

    /**
     * Asks {@code channel} to seal what is written next with at least {@code atLeast} (null: the volume's
     * write cipher); nothing to do for a plaintext channel. How a conduit's policy picks its record's cipher.
     */
    public static void requireAtLeast(FileChannel channel, AtRestCipher atLeast) {
        if (channel instanceof EncryptedChannel encrypted) {
            encrypted.requireAtLeast(atLeast);
        }
    }

    @Override
    public String toString() {
        return volume == null ? "plaintext files" : "files encrypted in the volume at " + volume.root();
    }
}
