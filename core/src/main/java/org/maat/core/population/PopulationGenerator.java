package org.maat.core.population;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;
import org.maat.core.InvalidSettingException;
import org.maat.core.accounts.AccountGenerator;
import org.maat.core.accounts.AccountRoles;
import org.maat.core.accounts.PasswordHasher;
import org.maat.core.conduit.ConduitStore;
import org.maat.core.conduit.ConduitStoreWriter;
import org.maat.core.conduit.Document;
import org.maat.core.conduit.ScanMode;
import org.maat.core.corpus.Corpus;
import org.maat.core.corpus.CorpusEntry;
import org.maat.core.corpus.CorpusFormatException;
import org.maat.core.corpus.CorpusReader;
import org.maat.core.data.DataDir;
import org.maat.core.data.Manifest;
import org.maat.policy.Conduit;
import org.maat.policy.facts.Fact;
import org.maat.policy.lang.Policy;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.lang.PolicyPrinter;
import org.maat.policy.mal.MalLog;
import org.maat.policy.store.Batch;
import org.maat.policy.store.PolicyStore;
import org.maat.policy.templates.PolicyTemplates;

/**
 * Writes a data directory from a corpus and a {@link PopulationSpec}: each corpus document becomes a
 * conduit in the conduit store, owned by a random user under a policy drawn from the mix; the policy
 * store gets the conduits, the policies and the facts (symmetric friends, employees, items blocked per
 * region); employees' MAL accesses go to the MAL log; the first {@code accounts} users and every
 * employee get an account with a generated password ({@link AccountGenerator}), the first employee with the
 * role {@link AccountRoles#HR}. The manifest is written
 * last, so an interrupted run leaves a directory every reader refuses.
 *
 * <p>Policies follow Thoth's full mix: every document policy enforces region censorship, and, when the
 * population has employees, every non-public one admits employees under mandatory access logging.
 */
public final class PopulationGenerator {

    /** Conduits per policy-store commit: bounded memory, few fsyncs. */
    private static final int BATCH = 20_000;

    /** Accounts by default: enough users to sign in as owners, friends and strangers, cheap to hash. */
    public static final int DEFAULT_ACCOUNTS = 100;

    /** The number of accounts, as {@link InvalidSettingException} names it. */
    public static final String ACCOUNTS = "accounts";

    private final PopulationSpec spec;
    private final SplittableRandom random;
    private final int accounts;
    private final PasswordHasher hasher;

    /** A generator giving accounts to the first {@value #DEFAULT_ACCOUNTS} users and every employee. */
    public PopulationGenerator(PopulationSpec spec) {
        this(spec, DEFAULT_ACCOUNTS, PasswordHasher.standard());
    }

    /** A generator giving accounts to users {@code u0 .. u(accounts-1)} (at most all) and every employee. */
    public PopulationGenerator(PopulationSpec spec, int accounts, PasswordHasher hasher) {
        if (accounts < 0) {
            throw new InvalidSettingException(ACCOUNTS, "must not be negative, not " + accounts);
        }
        this.spec = spec;
        this.random = new SplittableRandom(spec.seed());
        this.accounts = accounts;
        this.hasher = hasher;
    }

    /**
     * Generates into {@code out}, which must not hold a data directory already.
     *
     * @param mode what to do with a bad corpus record: stop, or report it to {@code skipped} and go on
     * @param progress told how far each phase has got
     */
    public Manifest generate(Corpus corpus, DataDir out, ScanMode mode, Consumer<CorpusFormatException> skipped,
            GenerationProgress progress) throws IOException {
        if (Files.exists(out.manifest()) || Files.exists(out.policyStore()) || Files.exists(out.documents())) {
            throw new IOException(out.root() + ": already holds a data directory; choose another directory or remove it");
        }
        Files.createDirectories(out.root());
        Templates templates = new Templates(spec);
        List<String> nonPublic = new ArrayList<>();
        long documents;
        long bytes;
        long policyCommits;
        try (PolicyStore store = PolicyStore.open(out.policyStore());
                ConduitStoreWriter docs = ConduitStore.create(out.documents());
                CorpusReader reader = corpus.open(mode, skipped)) {
            Batch batch = templates.register(store.batch());
            int inBatch = 0;
            while (reader.hasNext()) {
                CorpusEntry entry = reader.next();
                // Drawn before the record is written: the template's policy chooses the cipher it is sealed with.
                String template = templates.draw(random, spec);
                Document d = docs.append(entry.title(), entry.date(), entry.body(), templates.atRest(template));
                if (!template.startsWith("public")) {
                    nonPublic.add(d.id());
                }
                Map<String, String> attributes = new LinkedHashMap<>();
                attributes.put("template", template);
                if (!entry.sourceId().isEmpty()) {
                    attributes.put("source-id", entry.sourceId());
                }
                String owner = Manifest.user(random.nextInt(spec.users()));
                batch.putConduit(new Conduit(d.id(), "docs/" + d.id().substring(1), owner, templates.id(template),
                        attributes));
                if (++inBatch == BATCH) {
                    batch.commit();
                    batch = store.batch();
                    inBatch = 0;
                }
                progress.documents(docs.documents());
            }
            documents = docs.documents();
            bytes = docs.bytes();
            if (spec.blacklist() > documents) {
                throw new InvalidSettingException(PopulationSpec.BLACKLIST, spec.blacklist() + " exceeds the corpus's "
                        + documents + " documents; choose at most " + documents);
            }
            docs.commit();
            batch.commit();
            writeFacts(store, documents, progress);
            store.compact(60_000);
            policyCommits = store.commitCount();
        }
        try (MalLog log = MalLog.open(out.malLog())) {
            for (int i = 0; i < spec.malAccesses() && !nonPublic.isEmpty(); i++) {
                String employee = PopulationSpec.employee(random.nextInt(spec.employees()));
                String doc = nonPublic.get(random.nextInt(nonPublic.size()));
                log.append(employee, doc, "generated access #" + (i + 1) + " (simulated support case)");
            }
        }
        List<String> principals = new ArrayList<>();
        for (int i = 0; i < Math.min(accounts, spec.users()); i++) {
            principals.add(Manifest.user(i));
        }
        principals.addAll(employees());
        // The first employee works in human resources: the ERP pages' salaries, phone numbers and changes are theirs.
        new AccountGenerator(hasher).generate(out, principals, employees().isEmpty() ? Map.of()
                : Map.of(employees().get(0), Set.of(AccountRoles.HR)));
        Manifest manifest = new Manifest(corpus.spec(), documents, bytes, spec.users(), spec.friends(), spec.mix(),
                spec.employees() > 0, spec.censoredFraction(), spec.regionNames(), spec.blacklistRegion(),
                spec.blacklist(), employees(), spec.malAccesses(), spec.seed(), policyCommits);
        out.writeManifest(manifest);
        return manifest;
    }

    private void writeFacts(PolicyStore store, long documents, GenerationProgress progress) {
        Batch[] batch = {store.batch()};
        int[] pending = {0};
        long[] written = {0};
        long expected = (long) spec.users() * spec.friends() + spec.employees()
                + Math.round(documents * spec.censoredFraction()) + spec.blacklist();
        progress.facts(0, expected);
        Consumer<Fact> add = fact -> {
            batch[0].addFact(fact);
            progress.facts(++written[0], expected);
            if (++pending[0] == BATCH) {
                batch[0].commit();
                batch[0] = store.batch();
                pending[0] = 0;
            }
        };
        FriendGraph.generate(spec.users(), spec.friends(), random, (a, b) -> {
            add.accept(Fact.of("friend", Manifest.user(a), Manifest.user(b)));
            add.accept(Fact.of("friend", Manifest.user(b), Manifest.user(a)));
        });
        for (String e : employees()) {
            add.accept(Fact.of("employee", e));
        }
        for (long n = 0; n < documents; n++) {
            if (random.nextDouble() < spec.censoredFraction()) {
                add.accept(Fact.of("blocked", PopulationSpec.region(random.nextInt(spec.regions())), Document.idOf(n)));
            }
        }
        // Distinct random items for the blacklist region, by a partial Fisher-Yates over the ids.
        Map<Long, Long> swapped = new HashMap<>();
        for (long i = 0; i < spec.blacklist(); i++) {
            long j = i + random.nextLong(documents - i);
            long item = swapped.getOrDefault(j, j);
            swapped.put(j, swapped.getOrDefault(i, i));
            add.accept(Fact.of("blocked", spec.blacklistRegion(), Document.idOf(item)));
        }
        batch[0].commit();
    }

    private List<String> employees() {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < spec.employees(); i++) {
            names.add(PopulationSpec.employee(i));
        }
        return names;
    }

    /** The three document templates of the mix, with their policy ids. */
    private static final class Templates {
        final String privateTemplate;
        final String publicTemplate = "public+" + PolicyTemplates.CENSORSHIP;
        final String friendsTemplate;
        private final Map<String, PolicyId> ids = new HashMap<>();
        private final Map<String, String> texts = new HashMap<>();
        private final Map<String, AtRestCipher> atRest = new HashMap<>();

        Templates(PopulationSpec spec) {
            String modifiers = (spec.employees() > 0 ? "+" + PolicyTemplates.MAL : "") + "+" + PolicyTemplates.CENSORSHIP;
            privateTemplate = "private" + modifiers;
            friendsTemplate = "friends" + modifiers;
            for (String t : List.of(privateTemplate, publicTemplate, friendsTemplate)) {
                Policy policy = PolicyTemplates.policy(t);
                Optional<String> minimum = spec.atRestMinimum(t);
                if (minimum.isPresent()) {
                    policy = PolicyTemplates.requiringAtRest(policy, minimum.get());
                    atRest.put(t, Ciphers.byName(minimum.get()));
                }
                String text = PolicyPrinter.print(policy);
                ids.put(t, PolicyId.ofCanonicalText(text));
                texts.put(t, text);
            }
        }

        Batch register(Batch batch) {
            texts.forEach((t, text) -> batch.putPolicy(ids.get(t), text));
            return batch;
        }

        String draw(SplittableRandom random, PopulationSpec spec) {
            int x = random.nextInt(100);
            if (x < spec.privatePercent()) {
                return privateTemplate;
            }
            return x < spec.privatePercent() + spec.publicPercent() ? publicTemplate : friendsTemplate;
        }

        PolicyId id(String template) {
            return ids.get(template);
        }

        /** The cipher a record of {@code template} must be sealed with at least, or null when nothing. */
        AtRestCipher atRest(String template) {
            return atRest.get(template);
        }
    }
}
