package org.maat.core.data;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Objects;

/**
 * Moves a user's profile directory ({@link DataDir#profile}) out of a data directory and back, each
 * by one atomic rename: a crash leaves the profile wholly in one place, never split. Both places must
 * be on the data directory's file system (a rename cannot cross file systems; that is refused, not
 * copied). Nothing here reads or erases the profile's bytes: a caller that must make them unreadable
 * (a disguise sealing them into a bag) does so at the place it moved them to.
 */
public final class Profiles {

    private final DataDir data;

    public Profiles(DataDir data) {
        this.data = Objects.requireNonNull(data, "data");
    }

    /** Whether {@code user} has a profile directory. */
    public boolean exists(String user) {
        return Files.isDirectory(data.profile(user));
    }

    /**
     * Moves {@code user}'s profile directory to {@code to}, which must not exist.
     *
     * @return false (nothing moved) if {@code user} has no profile
     * @throws FileAlreadyExistsException if {@code to} exists
     */
    public boolean moveOut(String user, Path to) throws IOException {
        Path profile = data.profile(user);
        if (!Files.isDirectory(profile)) {
            return false;
        }
        move(profile, to);
        return true;
    }

    /**
     * Moves the directory {@code from} back as {@code user}'s profile.
     *
     * @throws FileAlreadyExistsException if {@code user} has a profile again (it was created since);
     *         nothing is moved then
     */
    public void moveBack(String user, Path from) throws IOException {
        Path profile = data.profile(user);
        Files.createDirectories(profile.getParent());
        move(from, profile);
    }

    private static void move(Path from, Path to) throws IOException {
        if (Files.exists(to)) {
            throw new FileAlreadyExistsException(to.toString(), from.toString(), "the target exists; nothing was moved");
        }
        Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        force(to.toAbsolutePath().getParent());
        force(from.toAbsolutePath().getParent());
    }

    /** Forces a directory so a rename in it survives a power cut; some file systems cannot, the rename is still atomic. */
    private static void force(Path dir) {
        try (FileChannel c = FileChannel.open(dir, StandardOpenOption.READ)) {
            c.force(true);
        } catch (IOException notSupported) {
            // as AtomicFile: best effort on file systems that cannot open a directory
        }
    }
}
