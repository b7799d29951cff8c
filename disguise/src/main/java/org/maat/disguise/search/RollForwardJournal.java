package org.maat.disguise.search;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.maat.disguise.store.StoreException;

/**
 * The roll-forward journal of search disguises, in {@code DATA/disguise.db}. A disguise's change spans
 * stores that cannot share a transaction (the policy store, the conduit store, the index, the accounts
 * file, the profile directories), so it is made crash-atomic this way:
 * <ol>
 *   <li>{@link #record} writes the whole intended change (a {@link SearchPlan}) durably, in the same
 *       MVStore commit as the bag and registry changes that go with it;</li>
 *   <li>the caller brings each store to the plan's state, each step idempotent;</li>
 *   <li>{@link #complete} deletes the entry and rewrites the file ({@link DisguiseFile#erase()}), so the
 *       plan's bytes, which hold the principal's data, leave the file.</li>
 * </ol>
 * Whoever opens the data next rolls every entry still here forward to completion ({@link #pending()}).
 * Guarantee: after a SIGKILL at any point, reopening gives the state before the change (the entry was
 * not yet committed, so nothing else was written either) or after it (the entry was committed and is
 * rolled forward); never a mix.
 */
final class RollForwardJournal {

    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final DisguiseFile file;

    RollForwardJournal(DisguiseFile file) {
        this.file = file;
    }

    /** An entry still to roll forward. */
    record Entry(String id, SearchPlan plan) {
    }

    /**
     * Writes {@code plan} durably with {@code alongside} (the bag, the registry) in one commit; when this
     * returns, the change will happen even if the process dies now. Returns the entry.
     */
    Entry record(SearchPlan plan, Consumer<DisguiseFile.Edit> alongside) {
        byte[] id = new byte[16];
        RANDOM.nextBytes(id);
        Entry entry = new Entry(HexFormat.of().formatHex(id), plan);
        byte[] bytes;
        try {
            bytes = JSON.writeValueAsBytes(plan);
        } catch (IOException e) {
            throw new IllegalStateException("cannot encode a disguise plan", e);
        }
        file.commit(edit -> {
            alongside.accept(edit);
            edit.putNew(DisguiseFile.JOURNAL, entry.id(), bytes);
        });
        return entry;
    }

    /** Deletes a rolled-forward entry and rewrites the file without its bytes. */
    void complete(Entry entry) {
        file.commit(edit -> edit.remove(DisguiseFile.JOURNAL, entry.id()));
        file.erase();
    }

    /** Entries a crash left behind, to roll forward before anything else runs. */
    List<Entry> pending() {
        List<Entry> entries = new ArrayList<>();
        for (Map.Entry<String, byte[]> e : file.all(DisguiseFile.JOURNAL).entrySet()) {
            try {
                entries.add(new Entry(e.getKey(), JSON.readValue(e.getValue(), SearchPlan.class)));
            } catch (IOException bad) {
                throw new StoreException("disguise store " + file.file() + ": journal entry " + e.getKey()
                        + " cannot be read (" + bad.getMessage() + "); the data directory needs repair", bad);
            }
        }
        return entries;
    }
}
