package org.maat.core.conduit;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;

/**
 * The child JVM of {@link ConduitStoreEditCrashIT}: edits the store in {@code args[0]} in rounds,
 * printing a line after each commit returns, until it is killed. It first restores whatever an
 * earlier, killed child left removed, so every run starts from the whole store.
 */
public final class EditCrashChild {

    static final int DOCUMENTS = 60;

    private EditCrashChild() {
    }

    /** The ids round {@code r} removes and then restores. */
    static TreeSet<Integer> round(int r) {
        return new TreeSet<>(List.of(r * 7 % DOCUMENTS, (r * 7 + 1) % DOCUMENTS, (r * 11 + 30) % DOCUMENTS));
    }

    static Document original(int i) {
        return new Document(Document.idOf(i), ConduitStoreEditTest.title(i), "2026-11-" + (i % 28 + 1),
                ConduitStoreEditTest.body(i));
    }

    public static void main(String[] args) throws IOException {
        Path store = Path.of(args[0]);
        try (ConduitStoreEditor e = ConduitStore.edit(store)) {
            for (int i = 0; i < DOCUMENTS; i++) {
                if (!e.contains(Document.idOf(i))) {
                    e.restore(original(i), null);
                }
            }
            e.commit();
            System.out.println("clean");
            System.out.flush();
            for (int r = 0; ; r++) {
                for (int i : round(r)) {
                    e.remove(Document.idOf(i));
                }
                e.commit();
                System.out.println("removed " + r);
                System.out.flush();
                for (int i : round(r)) {
                    e.restore(original(i), null);
                }
                e.commit();
                System.out.println("restored " + r);
                System.out.flush();
            }
        }
    }
}
