package org.maat.disguise.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.maat.core.accounts.AccountRoles;
import org.maat.core.conduit.Document;
import org.maat.disguise.Conflict;
import org.maat.disguise.search.SearchRecords.ConduitRecord;
import org.maat.disguise.search.SearchRecords.Decorrelation;
import org.maat.disguise.search.SearchRecords.DocumentRecord;
import org.maat.disguise.search.SearchRecords.FactRecord;
import org.maat.disguise.search.SearchRecords.HistoryRewrite;
import org.maat.disguise.search.SearchRecords.LabelledRecord;
import org.maat.disguise.search.SearchRecords.ProfileFile;
import org.maat.disguise.search.SearchRecords.WithdrawnViews;
import org.maat.policy.Conduit;

/**
 * Checks an opened bag against the current data and, if nothing conflicts, works out the plan that
 * puts back what the bag holds as it is right now, read from the stores and the disguise records
 * ({@link Records}), not as the bag remembers it: a fact whose other party left since stays out, and so do
 * the lines of the principal's history that view a document a disguise took since (handed to that
 * disguise's return); the lines other users' reveals handed to this disguise come back with its documents.
 * Reads only. Conflicts: a disguise applied on this one ({@code --after}) still applied, a removed
 * document's id taken since (in the policy store or the conduit store), a decorrelated document no longer
 * owned by its pseudoprincipal or edited since, the principal's account name, roles or profile directory
 * taken since.
 */
final class RevealPlanner {

    private final SearchData stores;
    private final SearchBag bag;
    private final Records records;
    /** The principal's profile as it goes back: its history without the lines of {@link #leftOut}. */
    private final List<ProfileFile> profile = new ArrayList<>();
    /** The lines of the principal's history left out, by the token of the document watch that was taken. */
    private final Map<String, WithdrawnViews> leftOut = new TreeMap<>();

    /**
     * What the disguise records ({@code disguise.db}) say about the bag now.
     *
     * @param departed          the parties of the bag's watches who left since by a disguise of their own
     *                          ({@link Departures#departed})
     * @param departedDocuments the documents of the bag's view watches that a disguise took since
     * @param returned          the history lines other users' reveals left out for the documents this disguise
     *                          removed and sealed to its returns, opened ({@link ReturnMail})
     * @param composedOn        whether a disguise applied after this one on it ({@code --after}) is still applied
     */
    record Records(Set<String> departed, Set<String> departedDocuments, List<WithdrawnViews> returned,
                   boolean composedOn) {
        Records {
            departed = Set.copyOf(departed);
            departedDocuments = Set.copyOf(departedDocuments);
            returned = List.copyOf(returned);
        }
    }

    RevealPlanner(SearchData stores, SearchBag bag, Records records) {
        this.stores = stores;
        this.bag = bag;
        this.records = records;
        for (ProfileFile f : bag.profile()) {
            profile.add(f.path().equals(ProfileFiles.HISTORY) ? new ProfileFile(f.path(), withoutDeparted(f.content())) : f);
        }
    }

    /**
     * The principal's history without the lines that view a document a disguise took since the bag was sealed: what
     * is right now, read from the records rather than remembered by the bag. Those lines are kept in {@link #leftOut},
     * to go to the disguise that took the document.
     */
    private byte[] withoutDeparted(byte[] history) {
        byte[] content = history;
        for (Map.Entry<String, String> watch : bag.viewWatches().entrySet()) {
            if (records.departedDocuments().contains(watch.getKey())) {
                HistoryLines.Withdrawal w = HistoryLines.withdraw(bag.principal(), content, Set.of(watch.getKey()));
                if (w != null) {
                    content = w.kept();
                    leftOut.put(watch.getValue(), w.views());
                }
            }
        }
        return content;
    }

    /**
     * The lines of the principal's history the plan leaves out because a disguise took the document they view, by the
     * token of the watch that disguise took: sealed to its return ({@link ReturnMail}), they go back with the document.
     */
    Map<String, WithdrawnViews> leftOut() {
        return Map.copyOf(leftOut);
    }

    /** Every conflict; empty when the reveal may go ahead. */
    List<Conflict> conflicts() {
        List<Conflict> conflicts = new ArrayList<>();
        if (records.composedOn()) {
            conflicts.add(new Conflict("disguise", bag.disguise(), "a disguise applied after this one on it (--after)"
                    + " is not revealed yet: reveal it first"));
        }
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
                bag.profile().isEmpty() ? null : bag.principal(), bag.profile().isEmpty() ? null : profile,
                bag.roles().isEmpty() ? null : bag.principal(), bag.roles().isEmpty() ? null : bag.roles(),
                bag.listedEmployee() ? bag.principal() : null, List.of(), rewrites());
    }

    /**
     * The rewrites that put back the history lines the bag holds and those handed back to it, one for each user's
     * history as it is now. A user whose history is gone since (their own disguise took it) gets none: like a fact with
     * a party who left, the lines would write into a history that is not there.
     */
    private List<HistoryRewrite> rewrites() {
        Map<String, List<WithdrawnViews>> byUser = new TreeMap<>();
        for (WithdrawnViews v : bag.views()) {
            byUser.computeIfAbsent(v.user(), u -> new ArrayList<>()).add(v);
        }
        for (WithdrawnViews v : records.returned()) {
            byUser.computeIfAbsent(v.user(), u -> new ArrayList<>()).add(v);
        }
        List<HistoryRewrite> rewrites = new ArrayList<>();
        byUser.forEach((user, views) -> {
            Optional<byte[]> now = stores.profiles().history(user);
            if (now.isEmpty()) {
                return;
            }
            byte[] from = now.get();
            byte[] to = from;
            for (WithdrawnViews v : views) {
                to = HistoryLines.restore(to, v);
            }
            rewrites.add(new HistoryRewrite(views.get(0), from.length, HistoryLines.sha256(from), to,
                    views.subList(1, views.size())));
        });
        return rewrites;
    }

    /** How many history lines the plan leaves out because their history is gone. */
    int viewsLeftOut() {
        return java.util.stream.Stream.concat(bag.views().stream(), records.returned().stream())
                .filter(v -> stores.profiles().history(v.user()).isEmpty())
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
            boolean left = bag.watches().containsKey(party) ? records.departed().contains(party)
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
