package org.maat.cli.atrest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.maat.atrest.AtRestVolume;

/**
 * The files of a Maat directory that encryption at rest covers, and which of them are still plaintext:
 * in a data directory the conduit store ({@code documents/}), in an index directory the Lucene shards
 * ({@code shard-N/}). Everything else (policy.db, mal.log, accounts, logins.txt, manifest.json, labels.db) is read by
 * code that does not go through the volume, so it stays plaintext by design.
 */
final class CoveredFiles {

    private CoveredFiles() {
    }

    /** The covered files under {@code root} that are still plaintext (written before the volume existed). */
    static List<Path> plaintext(Path root) throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> children = Files.list(root)) {
            for (Path child : (Iterable<Path>) children::iterator) {
                String name = child.getFileName().toString();
                if (Files.isDirectory(child) && (name.equals("documents") || name.matches("shard-\\d+"))) {
                    try (Stream<Path> walk = Files.walk(child)) {
                        for (Path p : (Iterable<Path>) walk.filter(Files::isRegularFile).sorted()::iterator) {
                            // Locks (edit.lock, write.lock) stay empty and plain: locked by name, they hold no data.
                            // Any other empty file gets its header, since an encrypted volume's empty file is damage.
                            String file = p.getFileName().toString();
                            if (!AtRestVolume.isLockFile(file) && !AtRestVolume.isRegionFile(file)
                                    && !AtRestVolume.isEncrypted(p)) {
                                out.add(p);
                            }
                        }
                    }
                }
            }
        }
        return out;
    }
}
