package org.maat.disguise.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.maat.policy.mal.MalLog;

/** Counts the entries of a MAL log that name a principal or one of its documents; reads the file only. */
final class MalEntriesNaming {

    private MalEntriesNaming() {
    }

    static long count(Path log, String principal, Set<String> documents) {
        if (!Files.exists(log)) {
            return 0;
        }
        AtomicLong n = new AtomicLong();
        try {
            MalLog.read(log, e -> {
                if (principal.equals(e.principal()) || documents.contains(e.conduitId())) {
                    n.incrementAndGet();
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the MAL log " + log, e);
        }
        return n.get();
    }
}
