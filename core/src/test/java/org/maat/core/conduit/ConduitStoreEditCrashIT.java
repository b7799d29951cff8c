package org.maat.core.conduit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.policy.KilledChild;

/**
 * SIGKILLs a child that removes and restores documents at random moments, then checks the store
 * holds exactly the state of the last acknowledged commit or of the one after it (never a mix), that
 * every live document reads back equal, and that once the next editor has opened, no byte of a
 * removed document is left in any file of the store (an erasure cut short by the kill is finished).
 */
class ConduitStoreEditCrashIT {

    @TempDir
    Path dir;

    @Test
    void aKilledEditorLeavesTheLastCommitOrTheNextAndItsErasureIsFinished() throws Exception {
        Path store = dir.resolve("s");
        try (ConduitStoreWriter w = new ConduitStoreWriter(store, 3_000)) {
            for (int i = 0; i < EditCrashChild.DOCUMENTS; i++) {
                Document original = EditCrashChild.original(i);
                w.append(original.title(), original.date(), original.body());
            }
            w.commit();
        }
        Random random = new Random(15);
        for (int kill = 0; kill < 8; kill++) {
            int lines = 1 + random.nextInt(8);
            long delay = random.nextInt(4_000_000);
            String context = "kill " + kill + " after " + lines + " lines + " + delay + " ns";
            List<String> acked = KilledChild.runAndKill(EditCrashChild.class, List.of(store.toString()),
                    dir.resolve("stderr-" + kill), lines, delay, context);
            String last = acked.get(acked.size() - 1);
            Set<Integer> removed = new TreeSet<>();
            List<Document> live = new ArrayList<>();
            try (ConduitStore s = ConduitStore.open(store)) {
                for (int i = 0; i < EditCrashChild.DOCUMENTS; i++) {
                    if (!s.contains(Document.idOf(i))) {
                        removed.add(i);
                    }
                }
                s.scan().forEachRemaining(live::add);
                assertThat(s.liveDocuments()).isEqualTo(EditCrashChild.DOCUMENTS - removed.size());
            }
            assertThat(removed).as(context + ": after '" + last + "'").isIn(allowed(last));
            for (Document d : live) {
                assertThat(d).isEqualTo(EditCrashChild.original(Integer.parseInt(d.id().substring(1))));
            }
            try (ConduitStoreEditor next = ConduitStore.edit(store)) {
                // opening finishes the killed editor's erasure and drops its uncommitted appends
                assertThat(next.pending()).isZero();
            }
            for (int i : removed) {
                assertThat(ConduitStoreEditTest.filesHolding(store, ConduitStoreEditTest.title(i)))
                        .as(context + ": bytes of removed d" + i).isEmpty();
            }
            assertThat(Files.exists(store.resolve(StoreLock.FILE))).isTrue();
        }
    }

    /** The removed sets a store may hold after the child printed {@code last}: that commit's, or the next one's. */
    private static List<Set<Integer>> allowed(String last) {
        if (last.equals("clean")) {
            return List.of(Set.of(), EditCrashChild.round(0));
        }
        int r = Integer.parseInt(last.substring(last.indexOf(' ') + 1));
        return last.startsWith("removed") ? List.of(EditCrashChild.round(r), Set.of())
                : List.of(Set.of(), EditCrashChild.round(r + 1));
    }
}
