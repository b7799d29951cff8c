package org.maat.disguise.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;
import org.maat.core.accounts.AccountRoles;
import org.maat.core.accounts.GeneratedLogins;
import org.maat.core.conduit.ConduitStoreEditor;
import org.maat.core.runtime.IndexUpdate;
import org.maat.core.task.LabelledDocument;
import org.maat.disguise.search.SearchRecords.ConduitRecord;
import org.maat.disguise.search.SearchRecords.DocumentRecord;
import org.maat.disguise.search.SearchRecords.FactRecord;
import org.maat.disguise.search.SearchRecords.LabelledRecord;
import org.maat.policy.Conduit;
import org.maat.policy.store.Batch;

/**
 * Brings every store to the state a {@link SearchPlan} names, in a fixed order: documents removed from
 * the conduit store (one edit commit, erased in place); for a disguise, the index (one update, published
 * atomically with its labels under the monitor) and then the policy store (one batch: conduits and
 * facts); for a reveal, the policy store, the documents restored to the conduit store, then the index;
 * the accounts file; the roles file; the manifest; the profile directory; other users' search histories. Each step sets a state
 * rather than repeating an action, so a roll-forward after a crash runs the whole plan again and ends
 * where an uninterrupted run does. The conduit store's editor and the index update come opened, with
 * their locks, in {@link StoreWriters}: taken before the plan was committed, so nothing here waits on
 * or is refused by another writer.
 *
 * <p>Why documents leave before their conduits and come back after them: a data set refuses to open
 * when its policy store holds fewer conduits than the conduit store has live documents (a policy
 * store cut short), and a crash between the two steps must leave a directory that opens, or it could
 * not be rolled forward.
 */
final class PlanApplier {

    private final SearchData stores;
    /** Told the name of each step done (crash tests stop a child JVM there). */
    private final Consumer<String> steps;

    PlanApplier(SearchData stores, Consumer<String> steps) {
        this.stores = stores;
        this.steps = steps;
    }

    /**
     * Applies {@code entry}'s plan with {@code writers}, opened for it before the entry was committed;
     * throws if a store cannot be written (the entry stays, to roll forward).
     */
    void apply(RollForwardJournal.Entry entry, StoreWriters writers) {
        SearchPlan plan = entry.plan();
        try {
            erase(plan, writers);
            steps.accept("erased");
            if (plan.direction() == SearchPlan.Direction.BRINGS_BACK) {
                // Conduits first, then the documents and the index that name them: a running shard never
                // lists an id whose conduit is not there yet, and a restored owner is the owner it searches as.
                policies(plan);
                steps.accept("policies");
                restore(plan, writers);
                steps.accept("restored");
                index(plan, writers);
                steps.accept("index");
            } else {
                // The index first: a running shard stops listing the documents (or lists them under their
                // pseudoprincipal) before their conduits go or change owner, so no search is refused meanwhile.
                index(plan, writers);
                steps.accept("index");
                policies(plan);
                steps.accept("policies");
                restore(plan, writers);
                steps.accept("restored");
            }
            account(plan);
            steps.accept("account");
            roles(plan);
            steps.accept("roles");
            manifest(plan);
            steps.accept("manifest");
            profile(plan, entry.id());
            steps.accept("profile");
            histories(plan);
            steps.accept("histories");
        } catch (IOException e) {
            throw new UncheckedIOException("a disguise could not finish writing Maat's stores; it is rolled forward "
                    + "before the next disguise, or when the data directory is next opened: " + e.getMessage(), e);
        }
    }

    private void policies(SearchPlan plan) {
        Batch batch = stores.data().policies().batch();
        plan.removeConduits().forEach(batch::removeConduit);
        for (ConduitRecord c : plan.putConduits()) {
            batch.putConduit(c.toConduit());
        }
        for (FactRecord f : plan.removeFacts()) {
            batch.removeFact(f.toFact());
        }
        for (FactRecord f : plan.addFacts()) {
            batch.addFact(f.toFact());
        }
        // No compaction here: compacting an open store moves chunks under concurrent readers ("Chunk N not
        // found" in searches) and does not erase the superseded versions anyway; DataSet.close rewrites the file.
        batch.commit();
    }

    /** Removes (and erases) the plan's documents from the conduit store: before their conduits go. */
    private void erase(SearchPlan plan, StoreWriters writers) throws IOException {
        if (plan.removeDocuments().isEmpty()) {
            return;
        }
        ConduitStoreEditor edit = writers.documents();
        for (String id : plan.removeDocuments()) {
            if (edit.contains(id)) {
                edit.remove(id);
            }
        }
        edit.commit();
    }

    /**
     * Puts the plan's documents back into the conduit store: after their conduits are back, each sealed at rest
     * with at least what its policy requires (the removal erased the blocks that recorded it).
     */
    private void restore(SearchPlan plan, StoreWriters writers) throws IOException {
        if (plan.restoreDocuments().isEmpty()) {
            return;
        }
        ConduitStoreEditor edit = writers.documents();
        for (DocumentRecord d : plan.restoreDocuments()) {
            if (!edit.contains(d.id())) {
                edit.restore(d.toDocument(), requiredAtRest(d.id()));
            }
        }
        edit.commit();
    }

    /** The cipher document {@code id}'s policy requires at rest (null: none), from its conduit, back by now. */
    private AtRestCipher requiredAtRest(String id) {
        Conduit conduit = stores.data().policies().find(id).orElseThrow(() -> new IllegalStateException(
                "document " + id + " is restored before its conduit: the plan's order is broken"));
        return stores.data().engine().minimumAtRest(conduit.policy()).map(Ciphers::byName).orElse(null);
    }

    private void index(SearchPlan plan, StoreWriters writers) throws IOException {
        if (plan.unindex().isEmpty() && plan.index().isEmpty()) {
            return;
        }
        IndexUpdate update = writers.index();
        for (String id : plan.unindex()) {
            update.delete(id);
        }
        for (LabelledRecord r : plan.index()) {
            update.add(new LabelledDocument(r.conduit().toConduit(), r.document().toDocument()));
        }
        update.publish();
    }

    private void account(SearchPlan plan) throws IOException {
        if (plan.account() == null) {
            return;
        }
        boolean present = stores.accounts().hashOf(plan.account()).isPresent();
        if (plan.accountHash() == null) {
            if (present) {
                stores.accounts().remove(plan.account());
            }
            // The generated test logins name the user in clear; a restored account signs in with its own password.
            GeneratedLogins.forget(stores.data().dir(), plan.account());
        } else if (!present) {
            stores.accounts().restore(plan.account(), plan.accountHash());
        }
    }

    /** The principal's line of {@code DATA/roles}: out, or back as the bag holds it (each an atomic rewrite). */
    private void roles(SearchPlan plan) throws IOException {
        if (plan.rolesUser() == null) {
            return;
        }
        if (plan.roles() == null) {
            AccountRoles.withdraw(stores.data().dir(), plan.rolesUser());
        } else {
            AccountRoles.reinstate(stores.data().dir(), plan.rolesUser(), plan.roles());
        }
    }

    /**
     * The principal's place in {@code manifest.json}'s list of employees: out, or back (the manifest keeps the list in
     * its one order, so the place is the same whoever else left or came back meanwhile). An atomic rewrite, skipped
     * when the list is already so, so a roll-forward ends where one run does.
     */
    private void manifest(SearchPlan plan) throws IOException {
        if (plan.employee() == null) {
            return;
        }
        org.maat.core.data.DataDir dir = stores.data().dir();
        org.maat.core.data.Manifest m = dir.readManifest();
        List<String> employees = new ArrayList<>(m.employees());
        boolean bringsBack = plan.direction() == SearchPlan.Direction.BRINGS_BACK;
        if (employees.contains(plan.employee()) == bringsBack) {
            return;
        }
        if (bringsBack) {
            employees.add(plan.employee());
        } else {
            employees.remove(plan.employee());
        }
        dir.writeManifest(m.withEmployees(employees));
    }

    /**
     * Other users' search histories: each loses every line naming a removed document, or gets back the lines a bag
     * took (after the bytes its rewrite was planned from, anything appended since stays after them). Each is one
     * atomic rewrite under the histories' lock ({@link ProfileFiles#rewriteHistory}), so a line the front-end appends
     * meanwhile is kept; skipped when the history is already so, so a roll-forward ends where one run does. A history
     * gone since is left so.
     */
    private void histories(SearchPlan plan) throws IOException {
        java.util.Set<String> removed = java.util.Set.copyOf(plan.removeDocuments());
        for (String user : plan.withdrawViewsFrom()) {
            stores.profiles().rewriteHistory(user, now -> HistoryLines.without(now, removed));
        }
        for (SearchRecords.HistoryRewrite r : plan.restoreViews()) {
            stores.profiles().rewriteHistory(r.views().user(), current -> {
                if (startsWith(current, r.to(), r.to().length)) {
                    return current; // rewritten already
                }
                if (current.length >= r.fromLength() && HistoryLines.sha256(java.util.Arrays.copyOf(current,
                        (int) r.fromLength())).equals(r.fromHash())) {
                    return concat(r.to(), java.util.Arrays.copyOfRange(current, (int) r.fromLength(), current.length));
                }
                byte[] to = HistoryLines.restore(current, r.views()); // changed otherwise since the plan
                for (SearchRecords.WithdrawnViews more : r.more()) {
                    to = HistoryLines.restore(to, more);
                }
                return to;
            });
        }
    }

    private static boolean startsWith(byte[] bytes, byte[] prefix, int length) {
        return bytes.length >= length && java.util.Arrays.equals(bytes, 0, length, prefix, 0, length);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private void profile(SearchPlan plan, String entry) throws IOException {
        if (plan.profileUser() == null) {
            return;
        }
        if (plan.profile() == null) {
            stores.profiles().remove(plan.profileUser(), entry);
        } else {
            stores.profiles().restore(plan.profileUser(), plan.profile(), entry);
        }
    }
}
