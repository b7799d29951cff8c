package org.maat.core.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Removes a work directory that a command or benchmark made for itself (a demo's data, a benchmark's
 * scratch indexes): the one way the modules above core clean up after themselves.
 */
public final class DirectoryTree {

    private DirectoryTree() {
    }

    /** Deletes {@code root} and everything below it, children first; nothing to do if it is absent. */
    public static void delete(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        List<Path> all;
        try (Stream<Path> walk = Files.walk(root)) {
            all = walk.sorted(Comparator.reverseOrder()).toList();
        }
        for (Path p : all) {
            Files.deleteIfExists(p);
        }
    }
}
