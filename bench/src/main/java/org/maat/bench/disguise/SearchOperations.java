package org.maat.bench.disguise;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.maat.bench.load.Latencies;
import org.maat.bench.serve.BenchData;
import org.maat.core.accounts.AccountStore;
import org.maat.core.accounts.GeneratedLogins;
import org.maat.core.conduit.ConduitStoreEditor;
import org.maat.core.conduit.Document;
import org.maat.core.conduit.ScanMode;
import org.maat.core.corpus.CorpusSpec;
import org.maat.core.corpus.FirstDocuments;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.data.DirectoryTree;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.population.GenerationProgress;
import org.maat.core.population.PopulationGenerator;
import org.maat.core.population.PopulationSpec;
import org.maat.core.runtime.IndexRun;
import org.maat.core.runtime.IndexUpdate;
import org.maat.core.task.Monitoring;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.search.SearchDisguises;
import org.maat.disguise.spec.DisguiseSpec;
import org.maat.policy.Conduit;
import org.maat.policy.facts.Fact;
import org.maat.policy.store.Batch;

/**
 * A search user deletes, anonymizes and restores their account, on a generated population (the search
 * benchmarks' 30/50/20 mix over a synthetic europarl-like corpus) with its index built under the
 * monitor: Maat's {@link SearchDisguises} (the built-in {@code search-delete-account} and
 * {@code search-anonymize-account}) against the manual irreversible deletion an application would
 * write with core's APIs alone ({@link #manualDelete}). Both work on the same live stores, so the ratio
 * is like for like: the difference is planning under the monitor, sealing the bag and the journal.
 * Also Edna's composition figure: a deletion applied after an anonymization (with the speaks-for
 * proof) and its restore, beside the deletion and restore of a user never anonymized.
 *
 * <p>Every measured operation is of a different user who owns at least one document, drawn at random;
 * each has one search-history line in its profile (written untimed) and a fresh key pair. Every user
 * Maat disguised is restored (the restore rows) and checked to own its documents and sign in again.
 * The first {@code warmUp} operations of each kind are not timed.
 */
final class SearchOperations {

    /** Kinds of disguise that use users of their own. */
    private static final int KINDS = 4;
    private static final int MAAT_DELETE = 0;
    private static final int MANUAL_DELETE = 1;
    private static final int MAAT_ANONYMIZE = 2;
    private static final int COMPOSED = 3;
    private static final String WORKLOAD = "search";

    /** What was measured and how the data was made. */
    record Result(List<Timed> timed, String setup) {
    }

    private final int users;
    private final int documents;
    private final int warmUp;
    private final int runs;
    private final long seed;

    SearchOperations(int users, int documents, int warmUp, int runs, long seed) {
        if (users < 2 || documents < 1) {
            throw new IllegalArgumentException("--search-users must be at least 2 and --search-documents at least 1");
        }
        if ((long) KINDS * (warmUp + runs) > Math.min(users, documents)) {
            throw new IllegalArgumentException(users + " search users with " + documents + " documents are too few for "
                    + KINDS * (warmUp + runs) + " users who own documents (" + KINDS + " kinds x " + (warmUp + runs)
                    + " operations): give more --search-users and --search-documents or fewer --runs");
        }
        this.users = users;
        this.documents = documents;
        this.warmUp = warmUp;
        this.runs = runs;
        this.seed = seed;
    }

    /** Generates the data directory and its index under {@code work}, then measures every operation. */
    Result measure(Path work, Consumer<String> log) throws IOException {
        PopulationSpec spec = BenchData.mixSpec(documents, users, seed);
        DataDir dir = DataDir.at(work.resolve("search-data"));
        log.accept(String.format(Locale.ROOT, "generating the search population: %d users, %d documents ...", users,
                documents));
        long t0 = System.nanoTime();
        // A synthetic corpus (europarl's vocabulary and document lengths) has as many documents as asked;
        // europarl itself stops at 17,597.
        new PopulationGenerator(spec, users, BenchData.LIGHT_HASHER).generate(
                new FirstDocuments(CorpusSpec.parse("synthetic:1024GB", seed), documents), dir, ScanMode.STRICT,
                bad -> { }, GenerationProgress.NONE);
        long generated = System.nanoTime();
        IndexLayout index = new IndexLayout(work.resolve("search-index"));
        IndexRun.standard().run(dir, index, 1, Monitoring.REFERENCE_MONITOR, n -> { });
        String setup = String.format(Locale.ROOT, "Search: %d users (%d friends each, mix %s), %d synthetic documents "
                + "generated in %.1f s, indexed into 1 shard under the monitor in %.1f s.", users, spec.friends(),
                spec.mix(), documents, (generated - t0) / 1e9, (System.nanoTime() - generated) / 1e9);
        log.accept("measuring the search disguises ...");
        try (DataSet data = DataSet.openForChanges(dir)) {
            AccountStore accounts = AccountStore.open(dir);
            try (SearchDisguises maat = new SearchDisguises(data, accounts, index, Monitoring.REFERENCE_MONITOR)) {
                return new Result(new Run(data, accounts, index, maat).measure(), setup);
            }
        }
    }

    /** One measurement over open stores. */
    private final class Run {
        private final DataSet data;
        private final AccountStore accounts;
        private final IndexLayout index;
        private final SearchDisguises maat;
        private final Map<String, Integer> owned = new HashMap<>();
        private final String[][] chosen;
        private final String note;

        Run(DataSet data, AccountStore accounts, IndexLayout index, SearchDisguises maat) throws IOException {
            this.data = data;
            this.accounts = accounts;
            this.index = index;
            this.maat = maat;
            try (Stream<Conduit> all = data.policies().conduits()) {
                all.filter(c -> Document.ordinal(c.id()) >= 0).forEach(c -> owned.merge(c.owner(), 1, Integer::sum));
            }
            List<String> candidates = new ArrayList<>(owned.keySet().stream().sorted().toList());
            int n = warmUp + runs;
            if (candidates.size() < KINDS * n) {
                throw new IllegalArgumentException("only " + candidates.size() + " search users own documents, fewer "
                        + "than the " + KINDS * n + " needed: give more --search-documents or fewer --runs");
            }
            Collections.shuffle(candidates, new Random(seed));
            chosen = new String[KINDS][n];
            for (int k = 0; k < KINDS; k++) {
                for (int i = 0; i < n; i++) {
                    chosen[k][i] = candidates.get(k * n + i);
                    writeHistory(chosen[k][i]);
                }
            }
            int[] docs = Arrays.stream(chosen).flatMap(Arrays::stream).mapToInt(owned::get).sorted().toArray();
            note = String.format(Locale.ROOT, "users of %d-%d documents (median %d), %d friends, 1 history file",
                    docs[0], docs[docs.length - 1], docs[docs.length / 2], BenchData.mixSpec(documents, users, seed)
                    .friends());
        }

        List<Timed> measure() throws IOException {
            DisguiseSpec delete = DisguiseSpecs.builtin("search-delete-account");
            DisguiseSpec anonymize = DisguiseSpecs.builtin("search-anonymize-account");
            int n = warmUp + runs;
            PrivateKey[][] keys = new PrivateKey[KINDS][];
            for (int kind : new int[] {MAAT_DELETE, MAAT_ANONYMIZE, COMPOSED}) {
                keys[kind] = new PrivateKey[n];
                for (int i = 0; i < n; i++) {
                    keys[kind][i] = PrincipalKeys.generate();
                    maat.register(chosen[kind][i], keys[kind][i].publicKey());
                }
            }
            List<Timed> out = new ArrayList<>();

            Receipt[] deleted = new Receipt[n];
            long[] maatDelete = new long[n];
            long[] manualDelete = new long[n];
            for (int i = 0; i < n; i++) {
                long t0 = System.nanoTime();
                deleted[i] = maat.apply(delete, chosen[MAAT_DELETE][i], PrincipalProof.none());
                maatDelete[i] = System.nanoTime() - t0;
                String other = chosen[MANUAL_DELETE][i];
                long t1 = System.nanoTime();
                int removed = manualDelete(other);
                manualDelete[i] = System.nanoTime() - t1;
                expect(removed == owned.get(other), "the manual delete of " + other + " removed " + removed
                        + " documents, not " + owned.get(other));
                expect(documentsOf(chosen[MAAT_DELETE][i]) == 0, "Maat's delete left documents of "
                        + chosen[MAAT_DELETE][i]);
            }
            out.add(timed("delete account", Timed.MAAT, maatDelete));
            out.add(timed("delete account", Timed.MANUAL, manualDelete));

            Receipt[] anonymized = new Receipt[n];
            long[] maatAnonymize = new long[n];
            for (int i = 0; i < n; i++) {
                long t0 = System.nanoTime();
                anonymized[i] = maat.apply(anonymize, chosen[MAAT_ANONYMIZE][i], PrincipalProof.none());
                maatAnonymize[i] = System.nanoTime() - t0;
            }
            out.add(timed("anonymize account", Timed.MAAT, maatAnonymize));

            // Edna's composition figure: the deletion of an anonymized user finds the documents its
            // pseudoprincipal now owns through the speaks-for record in the anonymization's bag.
            Receipt[] composedAnonymized = new Receipt[n];
            Receipt[] composedDeleted = new Receipt[n];
            long[] composedDelete = new long[n];
            for (int i = 0; i < n; i++) {
                String user = chosen[COMPOSED][i];
                composedAnonymized[i] = maat.apply(anonymize, user, PrincipalProof.none());
                PrincipalProof proof = new PrincipalProof(keys[COMPOSED][i], List.of(composedAnonymized[i].locator()));
                long t0 = System.nanoTime();
                composedDeleted[i] = maat.apply(delete, user, proof);
                composedDelete[i] = System.nanoTime() - t0;
            }
            out.add(timed("delete account after anonymize", Timed.MAAT, composedDelete));

            long[] restoreDeleted = new long[n];
            long[] restoreAnonymized = new long[n];
            long[] restoreComposed = new long[n];
            for (int i = 0; i < n; i++) {
                long t0 = System.nanoTime();
                maat.reveal(deleted[i].locator(), keys[MAAT_DELETE][i]);
                restoreDeleted[i] = System.nanoTime() - t0;
                long t1 = System.nanoTime();
                maat.reveal(anonymized[i].locator(), keys[MAAT_ANONYMIZE][i]);
                restoreAnonymized[i] = System.nanoTime() - t1;
                long t2 = System.nanoTime();
                maat.reveal(composedDeleted[i].locator(), keys[COMPOSED][i]);
                restoreComposed[i] = System.nanoTime() - t2;
                maat.reveal(composedAnonymized[i].locator(), keys[COMPOSED][i]);
                for (int kind : new int[] {MAAT_DELETE, MAAT_ANONYMIZE, COMPOSED}) {
                    String user = chosen[kind][i];
                    expect(documentsOf(user) == owned.get(user), "restored " + user + " owns " + documentsOf(user)
                            + " documents, not " + owned.get(user));
                    expect(accounts.hashOf(user).isPresent(), "restored " + user + " has no account");
                }
            }
            out.add(timed("restore deleted account", Timed.MAAT, restoreDeleted));
            out.add(timed("restore anonymized account", Timed.MAAT, restoreAnonymized));
            out.add(timed("restore deleted account after anonymize", Timed.MAAT, restoreComposed));
            return out;
        }

        /**
         * What an application would do without Maat, through core's APIs on the same stores, nothing kept to
         * undo it: the user's documents erased from the conduit store (one edit), their conduits and
         * friendships from the policy store (one batch), the documents from the index (one update, published under the
         * monitor), the account and its generated login, the profile. Returns the documents removed.
         */
        int manualDelete(String user) throws IOException {
            List<String> ids;
            try (Stream<Conduit> all = data.policies().conduits()) {
                ids = all.filter(c -> c.owner().equals(user) && Document.ordinal(c.id()) >= 0).map(Conduit::id).toList();
            }
            try (ConduitStoreEditor edit = data.editDocuments()) {
                for (String id : ids) {
                    edit.remove(id);
                }
                edit.commit();
            }
            Batch batch = data.policies().batch();
            ids.forEach(batch::removeConduit);
            Set<List<String>> friendships = new HashSet<>();
            friendships.addAll(data.policies().facts().match("friend", new String[] {user, null}));
            friendships.addAll(data.policies().facts().match("friend", new String[] {null, user}));
            friendships.forEach(args -> batch.removeFact(new Fact("friend", args)));
            batch.commit();
            try (IndexUpdate update = IndexUpdate.open(data, index, Monitoring.REFERENCE_MONITOR)) {
                for (String id : ids) {
                    update.delete(id);
                }
                update.publish();
            }
            accounts.remove(user);
            GeneratedLogins.forget(data.dir(), user);
            DirectoryTree.delete(data.dir().profile(user));
            return ids.size();
        }

        private int documentsOf(String user) {
            try (Stream<Conduit> all = data.policies().conduits()) {
                return (int) all.filter(c -> c.owner().equals(user) && Document.ordinal(c.id()) >= 0).count();
            }
        }

        /** One search-history line, as the front-end keeps it, so that the history step has work to do. */
        private void writeHistory(String user) throws IOException {
            Path profile = data.dir().profile(user);
            Files.createDirectories(profile);
            Files.writeString(profile.resolve("history"), "{\"time\":\"2026-11-25T10:00:00Z\",\"query\":\"budget "
                    + user + "\"}\n", StandardCharsets.UTF_8);
        }

        private Timed timed(String operation, String variant, long[] nanos) {
            return new Timed(WORKLOAD, operation, variant, Latencies.of(Arrays.copyOfRange(nanos, warmUp, nanos.length)),
                    note);
        }
    }

    private static void expect(boolean holds, String otherwise) {
        if (!holds) {
            throw new IllegalStateException("benchmark check failed: " + otherwise);
        }
    }
}
