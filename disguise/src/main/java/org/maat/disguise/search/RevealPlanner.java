package org.maat.disguise.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maat.core.accounts.AccountRoles;
import org.maat.core.conduit.Document;
import org.maat.disguise.Conflict;
import org.maat.disguise.search.SearchRecords.ConduitRecord;
import org.maat.disguise.search.SearchRecords.Decorrelation;
import org.maat.disguise.search.SearchRecords.DocumentRecord;
import org.maat.disguise.search.SearchRecords.FactRecord;
import org.maat.disguise.search.SearchRecords.HistoryRewrite;
import org.maat.disguise.search.SearchRecords.LabelledRecord;
import org.maat.disguise.search.SearchRecords.WithdrawnViews;
import org.maat.policy.Conduit;

/**
 * Checks an opened bag against the current data and, if nothing conflicts, works out the plan that
 * puts back everything the bag holds. Reads only. Conflicts: a removed document's id taken since
 * (in the policy store or the conduit store), a decorrelated document no longer owned by its
 * pseudoprincipal or edited since, the principal's account name, roles or profile directory taken since.
 */
final class RevealPlanner {

    private final SearchData stores;
    private final SearchBag bag;

    /** The parties of the bag's watches who left since by a disguise of their own ({@link Departures#departed}). */
    private final java.util.Set<String> departed;

    RevealPlanner(SearchData stores, SearchBag bag, java.util.Set<String> departed) {
        this.stores = stores;
        this.bag = bag;
        this.departed = java.util.Set.copyOf(departed);
    }

    /** Every conflict; empty when the reveal may go ahead. */
    List<Conflict> conflicts() {
        List<Conflict> conflicts = new ArrayList<>();
        for (LabelledRecord r : bag.removed()) {
            String id = r.document().id();
            if (stores.data().policies().find(id).isPresent() || stores.data().documents().contains(id)) {
                conflicts.add(new Conflict("documents", id, "the document id was used again since the disguise"));
            }
        }
        for (Decorrelation d : bag.decorrelated()) {
            String id = d.conduit().id();
            Optional<Conduit> now = stores.data().policies().find(id);
            Optional<Document> doc = stores.data().documents().get(id);
            if (now.isEmpty() || doc.isEmpty()) {
                conflicts.add(new Conflict("documents", id, "the document of pseudoprincipal " + d.pseudoprincipal()
                        + " is gone (removed by a later disguise? reveal that one first)"));
            } else if (!now.get().owner().equals(d.pseudoprincipal())) {
                conflicts.add(new Conflict("documents", id, "the document is no longer owned by pseudoprincipal "
                        + d.pseudoprincipal()));
            } else if (!SearchRecords.contentHash(doc.get()).equals(d.contentHash())) {
                conflicts.add(new Conflict("documents", id, "the document was edited since the disguise"));
            }
        }
        if (bag.accountHash() != null && stores.accounts().hashOf(bag.principal()).isPresent()) {
            conflicts.add(new Conflict("login", bag.principal(), "the account name was taken since the disguise"));
        }
        if (!bag.roles().isEmpty() && !AccountRoles.open(stores.data().dir()).of(bag.principal()).isEmpty()) {
            conflicts.add(new Conflict("login", bag.principal(), "roles were given to that name since the disguise"));
        }
        if (!bag.profile().isEmpty() && stores.profiles().exists(bag.principal())) {
            conflicts.add(new Conflict("history", bag.principal(), "a profile of that name was created since"));
        }
        return conflicts;
    }

    /** The plan that restores the bag: call only when {@link #conflicts()} is empty. */
    SearchPlan plan() {
        List<ConduitRecord> put = new ArrayList<>();
        List<DocumentRecord> restore = new ArrayList<>();
        List<LabelledRecord> index = new ArrayList<>();
        for (LabelledRecord r : bag.removed()) {
            put.add(r.conduit());
            restore.add(r.document());
            index.add(r);
        }
        for (Decorrelation d : bag.decorrelated()) {
            put.add(d.conduit());
            Document doc = stores.data().documents().get(d.conduit().id()).orElseThrow();
            index.add(new LabelledRecord(d.conduit(), DocumentRecord.of(doc)));
        }
        List<FactRecord> facts = bag.facts().stream().filter(this::partiesExist).toList();
        return new SearchPlan(SearchPlan.Direction.BRINGS_BACK, put, List.of(), facts, List.of(), List.of(), restore, List.of(), index,
                bag.accountHash() != null ? bag.principal() : null, bag.accountHash(),
                bag.profile().isEmpty() ? null : bag.principal(), bag.profile().isEmpty() ? null : bag.profile(),
                bag.roles().isEmpty() ? null : bag.principal(), bag.roles().isEmpty() ? null : bag.roles(),
                bag.listedEmployee() ? bag.principal() : null, List.of(), rewrites());
    }

    /**
     * The rewrites that put back the history lines the bag holds, each into its user's history as it is now. A user
     * whose history is gone since (their own disguise took it) gets none: like a fact with a party who left, the
     * lines would write into a history that is not there.
     */
    private List<HistoryRewrite> rewrites() {
        List<HistoryRewrite> rewrites = new ArrayList<>();
        for (WithdrawnViews v : bag.views()) {
            Optional<byte[]> now = stores.profiles().history(v.user());
            if (now.isEmpty()) {
                continue;
            }
            byte[] from = now.get();
            rewrites.add(new HistoryRewrite(v, from.length, HistoryLines.sha256(from), HistoryLines.restore(from, v)));
        }
        return rewrites;
    }

    /** How many history lines the plan leaves out because their history is gone. */
    int viewsLeftOut() {
        return bag.views().stream().filter(v -> stores.profiles().history(v.user()).isEmpty())
                .mapToInt(v -> v.lines().size()).sum();
    }

    /**
     * A fact comes back unless one of its other parties was in the data when the disguise was applied and has
     * left since by a disguise of their own: restoring it would write their name into the policy store. What
     * decides is the disguise records (the watch filed for the party, {@link Departures}), not what the party
     * still has in the data: a user with no account and no document may have lost every friendship to their
     * friends' disguises and still never have left. A bag sealed before watches existed is judged by presence.
     */
    private boolean partiesExist(FactRecord fact) {
        for (String party : fact.args()) {
            if (party.equals(bag.principal()) || !bag.present().contains(party)) {
                continue;
            }
            boolean left = bag.watches().containsKey(party) ? departed.contains(party)
                    : !stores.present(party, bag.principal());
            if (left) {
                return false;
            }
        }
        return true;
    }

    /** How many facts the plan leaves out because a party left. */
    int factsLeftOut() {
        return (int) bag.facts().stream().filter(f -> !partiesExist(f)).count();
    }
}
