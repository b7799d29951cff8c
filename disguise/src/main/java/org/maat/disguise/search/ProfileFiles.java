package org.maat.disguise.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.maat.core.data.DataDir;
import org.maat.core.data.DirectoryTree;
import org.maat.core.data.HistoryWrites;
import org.maat.core.data.Profiles;
import org.maat.disguise.search.SearchRecords.ProfileFile;
import org.maat.policy.Conduit;
import org.maat.policy.lang.PolicyId;

/**
 * A user's profile directory ({@code DATA/profile/USER}: search history and the like) taken out and
 * put back whole. Both moves are one directory rename ({@link Profiles}), so a user's profile is never half there;
 * the work on either side of the rename (deleting the moved-away copy, writing the staged one) is
 * redone by a roll-forward with the same {@code entry} id, so each step may be repeated.
 */
final class ProfileFiles {

    private final DataDir data;
    /** The policy of profile conduits (the front-end's search history policy). */
    private final PolicyId policy;
    private final Profiles moves;
    private final HistoryWrites writes;
    /** The front-end's search history file in a profile ({@code SearchHistory}). */
    static final String HISTORY = "history";

    ProfileFiles(DataDir data, PolicyId policy) {
        this.data = data;
        this.policy = policy;
        this.moves = new Profiles(data);
        this.writes = new HistoryWrites(data);
    }

    /** The conduit of {@code user}'s profile file {@code path}, e.g. {@code profile/u3/history}, as the front-end names it. */
    Conduit conduit(String user, String path) {
        String name = "profile/" + user + "/" + path;
        return new Conduit(name, name, user, policy);
    }

    /** The files of {@code user}'s profile, by path relative to it; empty if it has none. */
    List<ProfileFile> read(String user) {
        Path dir = data.profile(user);
        List<ProfileFile> files = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return files;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) all.sorted()::iterator) {
                if (Files.isRegularFile(p)) {
                    files.add(new ProfileFile(dir.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p)));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the profile of " + user + " in " + dir, e);
        }
        return files;
    }

    /**
     * The users with a search history ({@code profile/USER/history}), in name order; the directories a move is
     * staging ({@code .erasing-*}, {@code .restoring-*}) are no user's.
     */
    List<String> withHistory() {
        Path root = data.root().resolve("profile");
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> all = Files.list(root)) {
            return all.map(p -> p.getFileName().toString()).filter(u -> !u.startsWith("."))
                    .filter(u -> Files.isRegularFile(root.resolve(u).resolve(HISTORY))).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the profiles in " + root, e);
        }
    }

    /** The bytes of {@code user}'s search history; empty when it has none. */
    java.util.Optional<byte[]> history(String user) {
        Path file = data.profile(user).resolve(HISTORY);
        try {
            return Files.isRegularFile(file) ? java.util.Optional.of(Files.readAllBytes(file)) : java.util.Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the search history of " + user, e);
        }
    }

    /**
     * Replaces {@code user}'s search history with {@code change} applied to it, if they have one: read, changed and
     * renamed over under the lock every writer of histories takes ({@link HistoryWrites}), so a line the front-end
     * appends meanwhile is never lost; a crash leaves the old bytes or the new ones.
     */
    void rewriteHistory(String user, java.util.function.UnaryOperator<byte[]> change) throws IOException {
        writes.rewrite(user, change);
    }

    boolean exists(String user) {
        return moves.exists(user);
    }

    /** Removes {@code user}'s profile: moved aside in one rename (the atomic step), then deleted. */
    void remove(String user, String entry) throws IOException {
        Path aside = data.profile(user).resolveSibling(".erasing-" + entry);
        if (!Files.exists(aside)) {
            moves.moveOut(user, aside);
        }
        DirectoryTree.delete(aside);
    }

    /** Puts {@code files} back as {@code user}'s profile: written to a staging directory, then moved in one rename. */
    void restore(String user, List<ProfileFile> files, String entry) throws IOException {
        if (moves.exists(user)) {
            return; // moved back before a crash: roll-forward runs before anything else can create a profile
        }
        Path staged = data.profile(user).resolveSibling(".restoring-" + entry);
        DirectoryTree.delete(staged);
        Files.createDirectories(staged);
        for (ProfileFile f : files) {
            Path target = staged.resolve(f.path()).normalize();
            if (!target.startsWith(staged)) {
                throw new IOException("profile file " + f.path() + " would leave the profile directory");
            }
            Files.createDirectories(target.getParent());
            Files.write(target, f.content());
            try (FileChannel c = FileChannel.open(target, StandardOpenOption.WRITE)) {
                c.force(true);
            }
        }
        sync(staged);
        moves.moveBack(user, staged);
    }

    private static void sync(Path dir) {
        try (FileChannel c = FileChannel.open(dir, StandardOpenOption.READ)) {
            c.force(true);
        } catch (IOException notSupported) {
            // some file systems cannot open a directory; the rename is still atomic
        }
    }
}
