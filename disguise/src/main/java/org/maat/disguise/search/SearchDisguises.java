package org.maat.disguise.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.maat.core.accounts.AccountStore;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.task.Monitor;
import org.maat.core.task.Monitoring;
import org.maat.disguise.BagSummary;
import org.maat.disguise.Conflict;
import org.maat.disguise.DisguiseException;
import org.maat.disguise.Disguises;
import org.maat.disguise.Receipt;
import org.maat.disguise.RevealRefusedException;
import org.maat.disguise.RevealReport;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.crypto.PublicKey;
import org.maat.disguise.crypto.UnsealException;
import org.maat.disguise.search.SearchRecords.SpeaksFor;
import org.maat.disguise.search.SearchRecords.WithdrawnViews;
import org.maat.disguise.spec.DisguiseSpec;
import org.maat.disguise.store.Locator;
import org.maat.disguise.store.SealedBags;
import org.maat.policy.monitor.ReferenceMonitor;
import org.maat.policy.templates.PolicyTemplates;

/**
 * Disguises over Maat's own search data: a user deletes or anonymizes their account, and may later
 * restore it. The kinds of data a search spec names are {@code documents} (the conduit store, the
 * policy-store conduits and the index, with every fact naming a removed document and every line of another user's
 * search history that names one), {@code friendships}
 * (friend facts, both directions), {@code history} (the profile directory) and {@code login} (the account's
 * password hash, its roles line, every fact naming the principal and its place in the manifest's employees).
 *
 * <p>What it guarantees, beyond {@link Disguises}:
 * <ul>
 *   <li>Crash atomicity: each apply and reveal writes its whole change (a plan) durably to the
 *       journal in {@code DATA/disguise.db}, in the same commit as its bag and registry changes,
 *       before any other store changes, then brings each store to the plan's state and deletes the
 *       entry. After a SIGKILL at any point, opening the data again (constructing this class) rolls a
 *       left entry forward: the data is as before the call or as after it.</li>
 *   <li>A refusal changes nothing: every lock and writer a change needs (the conduit store's editor,
 *       the index update, which a running {@code maat index} holds) is taken before its journal entry
 *       is committed, so a busy store refuses the call with a {@link DisguiseException} and nothing
 *       changed (a reveal keeps its bag). Only a failure past that commit point (a disk error) leaves
 *       the change to finish later, before the next apply or reveal or when the data is next opened;
 *       an apply failing so throws a {@link CommittedDisguiseException} carrying the receipt, which
 *       the caller must hand over as if it had succeeded. It is not retried in the same call: what
 *       fails past the commit point is a disk, and the next call retries anyway.</li>
 *   <li>A pseudoprincipal (an id of {@link PseudoprincipalId}'s form) is never a principal of its
 *       own: a direct apply on one is refused, and its data is disguised only with the user who
 *       speaks for it, whose proof opens the bag that made it (composition, {@code --after}).</li>
 *   <li>Erasure: a removed document leaves the conduit store (erased in place), the policy store and
 *       the index (its segments rewritten); {@code disguise.db} is rewritten without superseded
 *       versions after every apply and reveal; the accounts file and the profile directory are
 *       replaced. The policy store is rewritten without superseded versions when it is closed by an
 *       instance that opened it ({@link #open}, the command line); an owner that keeps it open (the
 *       front-end) holds the removed records in superseded MVStore chunks until it closes the store
 *       and it is rewritten, or until MVStore reuses the space. The
 *       bag is sealed to the principal, and {@code disguise.db} names neither the principal (its key
 *       is forgotten with its login) nor which pseudoprincipals are whose.</li>
 *   <li>The monitor: a disguise runs as tasks of the monitor of the data set, reading each document
 *       by a checked read as its owner's session and writing only conduits that session owns. It
 *       never writes the MAL log, which is append-only by policy: {@link #disguise} says how many of
 *       its entries still name the user.</li>
 * </ul>
 * One apply or reveal at a time (methods are synchronized). The owner (front-end or command line)
 * passes the objects it serves with, so its searches see each change once it is published.
 */
public final class SearchDisguises implements Disguises {

    private final SearchData stores;
    private final DisguiseFile file;
    private final FileBagStore bags;
    private final FilePrincipalRegistry registry;
    private final RollForwardJournal journal;
    private final Departures departures;
    private final PlanApplier applier;
    private final AutoCloseable owned;
    /** Told each step of an apply or reveal; a crash test's child prints them. */
    private volatile Consumer<String> steps = step -> { };

    /**
     * Disguises over the owner's live objects: {@code data} opened for changes, its {@code accounts},
     * the {@code index} built over it and how tasks are monitored. Opens (creating) {@code DATA/disguise.db}
     * and rolls forward any change a crash interrupted before returning.
     */
    public SearchDisguises(DataSet data, AccountStore accounts, IndexLayout index, Monitoring monitoring) {
        this(data, accounts, index, monitoring, () -> { });
    }

    private SearchDisguises(DataSet data, AccountStore accounts, IndexLayout index, Monitoring monitoring,
                            AutoCloseable owned) {
        Objects.requireNonNull(data, "data");
        ProfileFiles profiles = new ProfileFiles(data.dir(), data.engine().intern(PolicyTemplates.policy("history")));
        Monitor monitor = monitoring.monitor(() -> new ReferenceMonitor(data.engine(), data.policies()));
        this.stores = new SearchData(data, accounts, index, monitoring, monitor, profiles);
        this.file = DisguiseFile.open(data.dir().root().resolve("disguise.db"));
        this.bags = new FileBagStore(file);
        this.registry = new FilePrincipalRegistry(file);
        this.journal = new RollForwardJournal(file);
        this.departures = new Departures(file);
        this.applier = new PlanApplier(stores, step -> steps.accept(step));
        this.owned = owned;
        try {
            finishInterrupted();
        } catch (RuntimeException e) {
            file.close();
            throw e;
        }
    }

    /**
     * Rolls forward every journal entry left by a crash, or by a call that failed part way (a disk
     * error): done before anything else, so each apply or reveal starts from a completed state.
     */
    private void finishInterrupted() {
        for (RollForwardJournal.Entry entry : journal.pending()) {
            StoreWriters writers;
            try {
                writers = StoreWriters.open(stores, entry.plan());
            } catch (IOException | RuntimeException e) {
                throw new DisguiseException("a disguise committed earlier cannot be completed yet, and completes before"
                        + " any other: a store it changes cannot be opened for writing (" + e.getMessage() + "); try"
                        + " again once it is free", e);
            }
            rollForward(entry, writers);
        }
    }

    /**
     * For the command line: opens the data directory for changes, its accounts and the index at
     * {@code index} (under the monitor if it was built under it), and closes them on {@link #close()}.
     */
    public static SearchDisguises open(DataDir dir, Path index) throws IOException {
        IndexLayout layout = new IndexLayout(index);
        Monitoring monitoring = layout.monitored() ? Monitoring.REFERENCE_MONITOR : Monitoring.NONE;
        DataSet data = DataSet.openForChanges(dir);
        try {
            AccountStore accounts = AccountStore.open(dir);
            // Closing the data set rewrites policy.db without what the disguises removed (DataSet.close).
            return new SearchDisguises(data, accounts, layout, monitoring, data::close);
        } catch (RuntimeException e) {
            data.close();
            throw e;
        }
    }

    /** Refuses a pseudoprincipal's id: its key is kept in the bag of the user who speaks for it. */
    @Override
    public synchronized void register(String principal, PublicKey key) {
        if (PseudoprincipalId.is(principal)) {
            throw new DisguiseException(principal + " is a pseudoprincipal: its key is kept in the bag of the user who"
                    + " speaks for it, not registered");
        }
        registry.register(principal, key);
    }

    @Override
    public Receipt apply(DisguiseSpec spec, String principal, PrincipalProof proof) {
        return disguise(spec, principal, proof).receipt();
    }

    /** As {@link #apply}, with how many MAL entries still name the principal and why. */
    public synchronized SearchReceipt disguise(DisguiseSpec spec, String principal, PrincipalProof proof) {
        if (spec.appliesTo() != DisguiseSpec.AppliesTo.SEARCH) {
            throw new DisguiseException(spec.source() + ": disguise " + spec.name() + " applies to JDBC databases,"
                    + " not to search data");
        }
        if (principal == null || principal.isBlank()) {
            throw new DisguiseException("no principal given");
        }
        if (PseudoprincipalId.is(principal)) {
            // its id is public (the owner of each anonymized document): its data goes only with its user's
            throw new DisguiseException(principal + " is a pseudoprincipal: only the user who speaks for it can"
                    + " disguise it, through --after");
        }
        finishInterrupted();
        Map<Locator, SearchBag> earlier = earlierBags(principal, proof);
        Set<String> speaksFor = new TreeSet<>();
        earlier.values().forEach(b -> b.speaksFor().forEach(s -> speaksFor.add(s.pseudoprincipal())));
        // every bag of the proof opened as the principal's: an earlier disguise is proven, whether or not it made a
        // pseudoprincipal (an anonymization of a user with no document makes none)
        boolean composes = !earlier.isEmpty();
        PublicKey key = registry.find(principal).orElseGet(() -> {
            if (composes) {
                return proof.key().publicKey(); // the key opened the principal's own bags: it is theirs
            }
            throw new DisguiseException("principal " + principal + " has no registered public key: register one"
                    + " first ('maat disguise register')");
        });
        if (stores.accounts().hashOf(principal).isEmpty() && !composes
                && stores.documentsOwnedBy(Set.of(principal)).isEmpty()) {
            throw new DisguiseException("principal " + principal + " has no account, no documents and no earlier"
                    + " disguise: nothing to disguise");
        }
        Instant applied = Instant.now();
        DisguisePlanner.Outcome outcome = new DisguisePlanner(stores, spec, principal, speaksFor,
                registry.find(principal).isPresent(), departures::filedUnder)
                .plan(applied.toEpochMilli());
        SearchBag bag = outcome.bag();
        Locator locator = Locator.random();
        byte[] sealed = SealedBags.seal(key, locator, bag);
        Set<String> documents = new TreeSet<>();
        bag.removed().forEach(r -> documents.add(r.document().id()));
        bag.decorrelated().forEach(d -> documents.add(d.conduit().id()));
        long mal = MalEntriesNaming.count(stores.data().dir().malLog(), principal, documents);
        SearchReceipt receipt = SearchReceipt.of(new Receipt(spec.name(), principal, locator, applied, bag.changes(),
                bag.speaksFor().size()), mal);
        steps.accept("planned");
        StoreWriters writers;
        try {
            writers = StoreWriters.open(stores, outcome.plan());
        } catch (IOException | RuntimeException e) {
            throw new DisguiseException("disguise " + spec.name() + " of " + principal + " was not applied and nothing"
                    + " changed: a store it changes cannot be opened for writing (" + e.getMessage() + "); try again"
                    + " once it is free (a running 'maat index', for one, holds the index)", e);
        }
        RollForwardJournal.Entry entry = record(outcome.plan(), writers, edit -> {
            edit.putNew(DisguiseFile.BAGS, locator.storageKey(), sealed);
            // Each earlier bag is sealed again, marked as composed on by this one: it is revealed only after it.
            earlier.forEach((at, b) -> edit.put(DisguiseFile.BAGS, at.storageKey(),
                    SealedBags.seal(proof.key().publicKey(), at, b.markedComposedBy(locator.storageKey()))));
            Departures.applied(edit, bag);
            // No pseudoprincipal is registered: its key is in the bag only. Registered beside the principal's,
            // and written in the same commit, it would link the two for anyone holding the file.
            if (bag.forgotKey()) {
                edit.remove(DisguiseFile.PRINCIPALS, principal);
            }
        });
        try {
            rollForward(entry, writers);
        } catch (RuntimeException e) {
            throw new CommittedDisguiseException(receipt, e);
        }
        return receipt;
    }

    /** The bags of {@code proof}, each opened and checked to be {@code principal}'s, by locator. */
    private Map<Locator, SearchBag> earlierBags(String principal, PrincipalProof proof) {
        Map<Locator, SearchBag> earlier = new LinkedHashMap<>();
        if (!proof.present()) {
            return earlier;
        }
        for (Locator locator : proof.locators()) {
            byte[] sealed = bags.get(locator).orElseThrow(() -> new DisguiseException(
                    "no bag for locator " + locator + ": revealed already, or never made"));
            SearchBag bag;
            try {
                bag = SealedBags.open(proof.key(), locator, sealed, SearchBag.class);
            } catch (UnsealException e) {
                throw new DisguiseException("the key does not open the bag of locator " + locator);
            }
            if (!bag.principal().equals(principal)) {
                throw new DisguiseException("the bag of locator " + locator + " is not " + principal + "'s");
            }
            earlier.put(locator, bag);
        }
        return earlier;
    }

    @Override
    public synchronized RevealReport reveal(Locator locator, PrivateKey key) {
        finishInterrupted();
        SearchBag bag = open(locator, key);
        List<WithdrawnViews> returned = new ArrayList<>();
        for (SearchRecords.TakenWatch taken : bag.takenViewWatches()) {
            departures.mailFor(taken).ifPresent(returned::add);
        }
        boolean composedOn = bag.composedBy() != null && file.get(DisguiseFile.BAGS, bag.composedBy()).isPresent();
        RevealPlanner planner = new RevealPlanner(stores, bag, new RevealPlanner.Records(departures.departed(bag.watches()),
                departures.departed(bag.viewWatches()), returned, composedOn));
        List<Conflict> conflicts = planner.conflicts();
        if (!conflicts.isEmpty()) {
            throw new RevealRefusedException("the reveal of " + bag.disguise() + " conflicts with changes made since;"
                    + " nothing was restored", conflicts);
        }
        SearchPlan plan = planner.plan();
        Set<String> restoredIds = bag.decorrelated().stream().map(d -> d.conduit().id()).collect(Collectors.toSet());
        steps.accept("planned");
        List<String> forget = bag.speaksFor().stream().map(SpeaksFor::pseudoprincipal)
                .filter(pp -> stores.documentsOwnedBy(Set.of(pp)).stream().allMatch(c -> restoredIds.contains(c.id())))
                .toList();
        StoreWriters writers;
        try {
            writers = StoreWriters.open(stores, plan);
        } catch (IOException | RuntimeException e) {
            throw new DisguiseException("the reveal of " + bag.disguise() + " changed nothing and the bag is kept: a"
                    + " store it changes cannot be opened for writing (" + e.getMessage() + "); try again once it is"
                    + " free (a running 'maat index', for one, holds the index)", e);
        }
        // The lines left out for a document a disguise took since go to that disguise's return, sealed; with no
        // return filed (a record from before returns), they stay out, as a fact with a party who left does.
        Map<String, byte[]> mail = new TreeMap<>();
        planner.leftOut().forEach((token, views) -> departures.returnOf(token)
                .ifPresent(to -> mail.put(token, ReturnMail.seal(to, token, views))));
        RollForwardJournal.Entry entry = record(plan, writers, edit -> {
            edit.remove(DisguiseFile.BAGS, locator.storageKey());
            departures.revealed(edit, bag, mail);
            forget.forEach(pp -> edit.remove(DisguiseFile.PRINCIPALS, pp));
            if (bag.forgotKey()) {
                edit.put(DisguiseFile.PRINCIPALS, bag.principal(), key.publicKey().bytes());
            }
        });
        rollForward(entry, writers); // past the commit point: a failure here is completed later, the bag is gone
        int restored = bag.removed().size() + plan.addFacts().size() + bag.profile().size()
                + (bag.accountHash() == null ? 0 : 1) + (bag.roles().isEmpty() ? 0 : 1) + (bag.listedEmployee() ? 1 : 0)
                + plan.restoreViews().stream().mapToInt(r -> r.views().lines().size()).sum();
        return new RevealReport(bag.disguise(), bag.principal(), restored, bag.decorrelated().size(), forget.size());
    }

    @Override
    public synchronized BagSummary describe(Locator locator, PrivateKey key) {
        SearchBag bag = open(locator, key);
        Map<String, Integer> changes = new LinkedHashMap<>();
        changes.put("documents", bag.removed().size() + bag.decorrelated().size());
        changes.put("friendships", bag.facts().size());
        changes.put("history", bag.profile().size() + bag.views().stream().mapToInt(v -> v.lines().size()).sum());
        changes.put("login", bag.accountHash() == null ? 0 : 1);
        return new BagSummary(bag.disguise(), bag.principal(), changes, bag.speaksFor().size());
    }

    @Override
    public long bags() {
        return bags.count();
    }

    /** Whether {@code principal} has a registered public key. */
    public boolean registered(String principal) {
        return registry.find(principal).isPresent();
    }

    private SearchBag open(Locator locator, PrivateKey key) {
        byte[] sealed = bags.get(locator).orElseThrow(() -> new RevealRefusedException(
                "no such bag: revealed already or never existed"));
        try {
            return SealedBags.open(key, locator, sealed, SearchBag.class);
        } catch (UnsealException e) {
            throw new RevealRefusedException("the key does not open this bag, or the bag was altered");
        }
    }

    /** Commits {@code plan}'s journal entry with {@code alongside}; if that fails, releases {@code writers}. */
    private RollForwardJournal.Entry record(SearchPlan plan, StoreWriters writers,
                                            Consumer<DisguiseFile.Edit> alongside) {
        try {
            return journal.record(plan, alongside);
        } catch (RuntimeException e) {
            writers.closeAfter(e);
            throw e;
        }
    }

    /**
     * Brings the stores to {@code entry}'s committed plan with {@code writers} (released here, before the
     * entry is deleted) and deletes the entry; on any failure the entry stays, to roll forward.
     */
    private void rollForward(RollForwardJournal.Entry entry, StoreWriters writers) {
        steps.accept("journaled");
        try (writers) {
            applier.apply(entry, writers);
        }
        journal.complete(entry);
        steps.accept("completed");
    }

    /** The disguise store, for tests that read it whole. */
    DisguiseFile file() {
        return file;
    }

    /** This instance, telling {@code observer} each step of an apply or reveal by name (crash tests stop there). */
    SearchDisguises observedBy(Consumer<String> observer) {
        this.steps = Objects.requireNonNull(observer, "observer");
        return this;
    }

    @Override
    public synchronized void close() {
        try {
            file.close();
        } finally {
            try {
                owned.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
