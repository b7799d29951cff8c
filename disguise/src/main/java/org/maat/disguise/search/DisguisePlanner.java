package org.maat.disguise.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.maat.core.task.DocumentReader;
import org.maat.core.task.LabelledDocument;
import org.maat.core.task.TaskGate;
import org.maat.disguise.DisguiseException;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.search.SearchRecords.ConduitRecord;
import org.maat.disguise.search.SearchRecords.Decorrelation;
import org.maat.disguise.search.SearchRecords.DocumentRecord;
import org.maat.disguise.search.SearchRecords.FactRecord;
import org.maat.disguise.search.SearchRecords.LabelledRecord;
import org.maat.disguise.search.SearchRecords.ProfileFile;
import org.maat.disguise.search.SearchRecords.SpeaksFor;
import org.maat.disguise.search.SearchRecords.TakenWatch;
import org.maat.disguise.search.SearchRecords.WithdrawnViews;
import org.maat.disguise.spec.DisguiseSpec;
import org.maat.disguise.spec.DisguiseSpec.Decorrelate;
import org.maat.disguise.spec.DisguiseSpec.Modify;
import org.maat.disguise.spec.DisguiseSpec.Pseudoprincipals;
import org.maat.disguise.spec.DisguiseSpec.Remove;
import org.maat.disguise.spec.DisguiseSpec.SearchKind;
import org.maat.disguise.spec.DisguiseSpec.Step;
import org.maat.disguise.spec.DisguiseSpec.Visitor;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.facts.Fact;
import org.maat.policy.monitor.Payload;
import org.maat.policy.monitor.TaskMode;

/**
 * Works out what one search disguise changes, reading only: the bag of what it takes away and the plan
 * of the stores' new state. Runs as tasks of the monitor: each owner's documents are read by a checked
 * read in an unconfined task of that owner's session (the principal's, or a pseudoprincipal's it speaks
 * for), and each document it removes or re-owns is a checked write of that same task (the document's
 * {@code update} rule), so the disguise changes only conduits the session owns.
 */
final class DisguisePlanner {

    private final SearchData stores;
    private final DisguiseSpec spec;
    private final String principal;
    /** The pseudoprincipals the principal speaks for through earlier bags (composition). */
    private final Set<String> speaksFor;

    private final List<SpeaksFor> created = new ArrayList<>();
    private final List<LabelledRecord> removed = new ArrayList<>();
    private final List<Decorrelation> decorrelated = new ArrayList<>();
    private final List<FactRecord> facts = new ArrayList<>();
    private final java.util.SortedSet<String> present = new java.util.TreeSet<>();
    private List<ProfileFile> profile = List.of();
    private String accountHash;
    /** The principal's roles ({@code DATA/roles}), taken out with the login: a role names the principal. */
    private List<String> roles = List.of();
    /** Whether a step removes the login: the principal's registered key goes with it, account or not. */
    private boolean removesLogin;
    private final boolean keyRegistered;
    /** The watches filed under the principal ({@link Departures}): taken when this disguise withdraws their facts. */
    private final List<String> watchesOnPrincipal;
    private boolean removesFriendships;
    private boolean removesProfile;
    /** Whether the principal is in the manifest's list of employees, taken out with the login. */
    private boolean listedEmployee;
    /** The lines of others' search histories that name a removed document, taken out with it. */
    private final List<WithdrawnViews> views = new ArrayList<>();

    private final List<ConduitRecord> putConduits = new ArrayList<>();
    private final List<String> removeConduits = new ArrayList<>();
    private final List<LabelledRecord> index = new ArrayList<>();

    /** The tokens of the watches filed under a party or a document ({@link Departures#filedUnder}). */
    private final java.util.function.Function<String, List<String>> watchesOn;

    /**
     * {@code keyRegistered}: whether the principal's public key is registered now (a removed login forgets it);
     * {@code watchesOn}: the tokens of the watches filed under a party or a document.
     */
    DisguisePlanner(SearchData stores, DisguiseSpec spec, String principal, Set<String> speaksFor,
                    boolean keyRegistered, java.util.function.Function<String, List<String>> watchesOn) {
        this.watchesOn = watchesOn;
        this.watchesOnPrincipal = List.copyOf(watchesOn.apply(principal));
        this.keyRegistered = keyRegistered;
        this.stores = stores;
        this.spec = spec;
        this.principal = principal;
        this.speaksFor = Set.copyOf(speaksFor);
    }

    /** What the disguise does; {@code applied} is its time, recorded in the bag. */
    record Outcome(SearchBag bag, SearchPlan plan) {
    }

    Outcome plan(long applied) {
        for (Step step : spec.steps()) {
            SearchKind kind = kind(step);
            step.accept(new Visitor<Void, RuntimeException>() {
                @Override
                public Void remove(Remove r) {
                    DisguisePlanner.this.remove(kind);
                    return null;
                }

                @Override
                public Void modify(Modify m) {
                    throw cannot(step, "modify", kind);
                }

                @Override
                public Void decorrelate(Decorrelate d) {
                    if (kind != SearchKind.DOCUMENTS) {
                        throw cannot(step, "decorrelate", kind);
                    }
                    DisguisePlanner.this.decorrelate(d.pseudoprincipals());
                    return null;
                }
            });
        }
        withdrawFactsNaming();
        withdrawViews();
        // Keyed on the step, not on an account: most of a population has no account, and a key left
        // registered would name the principal in disguise.db after their disguise.
        boolean forgetsKey = removesLogin && keyRegistered;
        java.util.Map<String, String> watches = new java.util.TreeMap<>();
        present.stream().filter(p -> !PseudoprincipalId.is(p)).forEach(p -> watches.put(p, Departures.newToken()));
        // The principal leaves the facts of others' bags too: a reveal of theirs must leave those facts out.
        List<String> taken = removesFriendships || removesLogin ? watchesOnPrincipal : List.of();
        SearchBag bag = new SearchBag(spec.name(), principal, applied, created, removed, decorrelated, facts,
                List.copyOf(present), profile, accountHash, forgetsKey, roles, watches, taken, listedEmployee, views,
                viewWatches(), takenViewWatches(), null);
        List<String> removedIds = removed.stream().map(r -> r.document().id()).toList();
        SearchPlan plan = new SearchPlan(SearchPlan.Direction.TAKES_AWAY, putConduits, removeConduits, List.of(), facts, removedIds, List.of(),
                removedIds, index, accountHash != null ? principal : null, null,
                removesProfile ? principal : null, null, roles.isEmpty() ? null : principal, null,
                listedEmployee ? principal : null, views.stream().map(WithdrawnViews::user).toList(), List.of());
        return new Outcome(bag, plan);
    }

    /**
     * A watch under each document still in the data that the principal's removed search history views, but those
     * this disguise removes: a reveal finds out from it whether a disguise took the document since.
     */
    private java.util.Map<String, String> viewWatches() {
        java.util.Map<String, String> watches = new java.util.TreeMap<>();
        for (ProfileFile f : profile) {
            if (f.path().equals(ProfileFiles.HISTORY)) {
                HistoryLines.views(f.content()).stream()
                        .filter(d -> !removeConduits.contains(d) && stores.data().policies().find(d).isPresent())
                        .forEach(d -> watches.put(d, Departures.newToken()));
            }
        }
        return watches;
    }

    /** The watches filed under the documents this disguise removes, each with a fresh return key pair. */
    private List<TakenWatch> takenViewWatches() {
        List<TakenWatch> taken = new ArrayList<>();
        for (String document : removeConduits) {
            for (String token : watchesOn.apply(document)) {
                taken.add(new TakenWatch(token, document, PrincipalKeys.generate().toText()));
            }
        }
        return taken;
    }

    private DisguiseException cannot(Step step, String action, SearchKind kind) {
        return new DisguiseException(spec.source() + ":" + step.at() + ": search data cannot " + action + " "
                + kind.label() + " (documents can be removed or decorrelated; friendships, history and login removed)");
    }

    private SearchKind kind(Step step) {
        for (SearchKind k : SearchKind.values()) {
            if (k.label().equals(step.target())) {
                return k;
            }
        }
        throw new DisguiseException(spec.source() + ":" + step.at() + ": '" + step.target()
                + "' is not a kind of search data (documents, friendships, history, login)");
    }

    private void remove(SearchKind kind) {
        switch (kind) {
            case DOCUMENTS -> removeDocuments();
            case FRIENDSHIPS -> {
                stores.friendships(principal).forEach(this::withdraw);
                removesFriendships = true;
            }
            case HISTORY -> {
                readHistory();
                removesProfile = true;
            }
            // none when an earlier disguise (an anonymization this deletion composes with) removed it
            case LOGIN -> {
                accountHash = stores.accounts().hashOf(principal).orElse(null);
                removesLogin = true;
                roles = List.copyOf(org.maat.core.accounts.AccountRoles.open(stores.data().dir()).of(principal));
                listedEmployee = stores.data().dir().readManifest().employees().contains(principal);
            }
        }
    }

    /**
     * Every fact that still names what this disguise takes away, whatever its relation: a removed document's id
     * ({@code blocked(region, doc)}) and, when the login goes, the principal's own ({@code employee(e)} and any
     * other). Found by scanning the facts for those ids ({@link SearchData#factsNaming}), so a relation added
     * later is withdrawn too; the friendships step has withdrawn the {@code friend} facts already.
     */
    private void withdrawFactsNaming() {
        java.util.Set<String> ids = new java.util.TreeSet<>();
        removed.forEach(r -> ids.add(r.document().id()));
        if (removesLogin) {
            ids.add(principal);
        }
        if (!ids.isEmpty()) {
            stores.factsNaming(ids).forEach(this::withdraw);
        }
    }

    /**
     * The lines of every search history that name a document this disguise removes (a friend opened it: the
     * front-end's {@code {"view":"dN"}}), but for the principal's own history when a step takes it whole. Each
     * history is read by a checked read as its owner's session, as the principal's own is.
     */
    private void withdrawViews() {
        Set<String> ids = new java.util.TreeSet<>(removeConduits);
        if (ids.isEmpty()) {
            return;
        }
        for (String user : stores.profiles().withHistory()) {
            if (removesProfile && user.equals(principal)) {
                continue;
            }
            HistoryLines.Withdrawal w = HistoryLines.withdraw(user, stores.profiles().history(user).orElseThrow(), ids);
            if (w == null) {
                continue;
            }
            try (TaskGate task = stores.monitor().open(Session.of(user), TaskMode.UNCONFINED)) {
                task.read(stores.profiles().conduit(user, ProfileFiles.HISTORY));
            }
            views.add(w.views());
        }
    }

    /** Takes {@code f} out (once), noting which of its other parties are in the data apart from the principal. */
    private void withdraw(Fact f) {
        FactRecord record = FactRecord.of(f);
        if (facts.contains(record)) {
            return;
        }
        facts.add(record);
        for (String party : f.args()) {
            if (!party.equals(principal) && stores.present(party, principal)) {
                present.add(party);
            }
        }
    }

    /** The documents of the principal and of every pseudoprincipal it speaks for, each read and removed as its owner. */
    private void removeDocuments() {
        Set<String> owners = new java.util.TreeSet<>(speaksFor);
        owners.add(principal);
        for (Conduit c : stores.documentsOwnedBy(owners)) {
            if (removeConduits.contains(c.id())) {
                continue;
            }
            LabelledDocument doc = asOwner(c, true);
            removed.add(new LabelledRecord(ConduitRecord.of(c), DocumentRecord.of(doc.document())));
            removeConduits.add(c.id());
            putConduits.removeIf(p -> p.id().equals(c.id()));
            index.removeIf(l -> l.document().id().equals(c.id()));
        }
    }

    private void decorrelate(Pseudoprincipals how) {
        String shared = null;
        for (Conduit c : stores.documentsOwnedBy(Set.of(principal))) {
            if (removeConduits.contains(c.id())) {
                continue;
            }
            String pp = how == Pseudoprincipals.ONE && shared != null ? shared : newPseudoprincipal();
            shared = pp;
            LabelledDocument doc = asOwner(c, true);
            ConduitRecord reowned = ConduitRecord.of(c).ownedBy(pp);
            decorrelated.add(new Decorrelation(ConduitRecord.of(c), pp, SearchRecords.contentHash(doc.document())));
            putConduits.add(reowned);
            index.add(new LabelledRecord(reowned, DocumentRecord.of(doc.document())));
        }
    }

    /** A checked read of {@code c} as its owner, then (if {@code writes}) a checked write of it. */
    private LabelledDocument asOwner(Conduit c, boolean writes) {
        try (TaskGate task = stores.monitor().open(Session.of(c.owner()), TaskMode.UNCONFINED)) {
            LabelledDocument doc = new DocumentReader(task, stores.data().policies(), stores.data().documents())
                    .read(c.id());
            if (writes) {
                task.write(c, null, Payload.data());
            }
            return doc;
        }
    }

    private void readHistory() {
        List<ProfileFile> files = stores.profiles().read(principal);
        try (TaskGate task = stores.monitor().open(Session.of(principal), TaskMode.UNCONFINED)) {
            for (ProfileFile f : files) {
                task.read(stores.profiles().conduit(principal, f.path()));
            }
        }
        profile = files;
    }

    /** A fresh pseudoprincipal: a random id that names no one, and its own key pair. */
    private String newPseudoprincipal() {
        String pp = PseudoprincipalId.random();
        PrivateKey key = PrincipalKeys.generate();
        created.add(new SpeaksFor(pp, key.toText()));
        return pp;
    }
}
