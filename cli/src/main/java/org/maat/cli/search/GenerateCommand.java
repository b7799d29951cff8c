package org.maat.cli.search;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.maat.cli.BadRecordFlag;
import org.maat.cli.ProgressBars;
import org.maat.cli.SettingFlags;
import org.maat.cli.ValidatedFirst;
import org.maat.cli.options.AtRestOption;
import org.maat.cli.options.QuietOption;
import org.maat.core.InvalidSettingException;
import org.maat.core.accounts.PasswordHasher;
import org.maat.core.conduit.ScanMode;
import org.maat.core.corpus.Corpus;
import org.maat.core.corpus.CorpusSpec;
import org.maat.core.data.DataDir;
import org.maat.core.data.Manifest;
import org.maat.core.population.GenerationProgress;
import org.maat.core.population.PopulationGenerator;
import org.maat.core.population.PopulationSpec;
import org.maat.core.progress.Progress;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code maat generate}: a corpus and a Thoth-style population into a data directory. */
@Command(name = "generate",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Write a data directory: document conduits from a corpus, their owners and policies, "
                + "and the population's facts.",
            "",
            "Each document gets a random owner among the users and a policy from the mix (private/public/friends); "
                + "every policy enforces region censorship and, with employees, non-public ones admit employees under "
                + "mandatory access logging (Thoth's full mix). Friends are symmetric; --censored of the documents are "
                + "blocked in a random region; region r0, where simulated clients are, blacklists --blacklist items.",
            "",
            "The directory holds policy.db (conduits, policies, facts), documents/ (the conduit store), mal.log "
                + "(employees' accesses), accounts (password hashes), logins.txt (the generated passwords, mode 0600) "
                + "and manifest.json, written last.",
            "",
            "With --at-rest CIPHER the directory is made an encrypted volume (DIR/atrest.json, the key by default in "
                + "DIR.atrest.key beside it) before anything is written, so the conduit store (documents/) never touches "
                + "the disk in plaintext; policy.db, mal.log, accounts and logins.txt are not encrypted."},
        footer = {"", "Examples:",
            "  maat generate --out data                       # europarl, Thoth's population",
            "  maat generate --out big --corpus synthetic:1GB",
            "  maat generate --out wiki --corpus wiki:enwiki-pages-articles.xml.bz2 --on-bad-record skip",
            "  maat generate --out data --at-rest chacha20    # the conduit store encrypted from its first byte",
            "", "The directory is written beside DIR under a temporary name and renamed to DIR at the end: a run that "
                + "fails leaves no directory behind. DIR must not exist or be empty.",
            "", "Exit codes: 0 written, 2 bad arguments, unreadable corpus or a bad record under --on-bad-record fail."})
public final class GenerateCommand implements Callable<Integer>, ValidatedFirst {

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Data directory to create.")
    Path out;

    @Option(names = "--corpus", paramLabel = "SPEC", defaultValue = "europarl",
            description = "europarl (embedded, 17,597 documents), wiki:PATH (MediaWiki XML dump, .xml or .xml.bz2), "
                    + "jsonl:PATH ({\"id\",\"title\",\"body\"} per line) or synthetic:SIZE (e.g. 2GB: europarl's "
                    + "vocabulary and term frequencies). Default: ${DEFAULT-VALUE}.")
    String corpus;

    @Option(names = "--users", defaultValue = "40000", description = "Simulated users u0... Default: ${DEFAULT-VALUE}.")
    int users;

    @Option(names = "--friends", defaultValue = "12", description = "Friends per user (symmetric). Default: ${DEFAULT-VALUE}.")
    int friends;

    @Option(names = "--mix", defaultValue = "30/50/20", paramLabel = "P/P/F",
            description = "Percent private/public/friends-only documents. Default: ${DEFAULT-VALUE}.")
    String mix;

    @Option(names = "--censored", defaultValue = "0.01", paramLabel = "FRACTION",
            description = "Fraction of documents blocked in one random region. Default: ${DEFAULT-VALUE}.")
    double censored;

    @Option(names = "--blacklist", defaultValue = "2250", paramLabel = "N",
            description = "Items blacklisted in region r0, where simulated clients are. Default: ${DEFAULT-VALUE}.")
    int blacklist;

    @Option(names = "--regions", defaultValue = "4", paramLabel = "N",
            description = "Regions r0 ... r(N-1). Default: ${DEFAULT-VALUE}.")
    int regions;

    @Option(names = "--employees", defaultValue = "1", paramLabel = "N",
            description = "Employees e0..., who read non-public documents only under MAL. Default: ${DEFAULT-VALUE}.")
    int employees;

    @Option(names = "--mal-accesses", defaultValue = "200", paramLabel = "N",
            description = "MAL log entries appended for employees. Default: ${DEFAULT-VALUE}.")
    int malAccesses;

    @Option(names = "--accounts", defaultValue = "" + PopulationGenerator.DEFAULT_ACCOUNTS, paramLabel = "N",
            description = "Users u0 ... u(N-1) who get an account with a generated password, besides every employee; "
                    + "hashes in DIR/accounts (Argon2id), the logins in DIR/logins.txt (owner-only). "
                    + "Default: ${DEFAULT-VALUE}.")
    int accounts;

    @Option(names = "--seed", defaultValue = "42", description = "Random seed. Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--on-bad-record", defaultValue = "fail", paramLabel = "fail|skip",
            description = "A corpus record that cannot be read: fail stops with its position; skip reports it on "
                    + "standard error and goes on. Default: ${DEFAULT-VALUE}.")
    String onBadRecord;

    @Mixin
    AtRestOption atRest;

    @Option(names = "--at-rest-require", paramLabel = "PART=CIPHER,...",
            description = "Minimum cipher at rest per kind of document (private, public, friends, mal), e.g. "
                    + "private=chacha20,mal=chacha20,public=chacha8: each template's declassify rule gets "
                    + "atRestAtLeast(CIPHER), so the monitor refuses to write such a document's data under a weaker "
                    + "cipher, and a Selective volume seals it in the region of the weakest cipher that meets it.")
    String atRestRequire;

    @Mixin
    QuietOption quiet;

    @Spec
    CommandSpec spec;

    /** The flags of the population's settings, for the domain's errors. */
    private static final SettingFlags FLAGS = SettingFlags.of(PopulationSpec.USERS, "--users",
            PopulationSpec.FRIENDS, "--friends", PopulationSpec.MIX, "--mix", PopulationSpec.CENSORED, "--censored",
            PopulationSpec.BLACKLIST, "--blacklist", PopulationSpec.REGIONS, "--regions",
            PopulationSpec.EMPLOYEES, "--employees", PopulationSpec.MAL_ACCESSES, "--mal-accesses",
            PopulationGenerator.ACCOUNTS, "--accounts", PopulationSpec.AT_REST, "--at-rest-require");

    /** The settings, as {@link #validate()} read them. */
    private PopulationSpec population;
    private ScanMode mode;
    private Corpus source;

    /** Every setting but what only the corpus can refute (e.g. --blacklist above its document count). */
    @Override
    public void validate() throws Exception {
        try {
            int[] shares = PopulationSpec.parseMix(mix);
            population = new PopulationSpec(users, friends, shares[0], shares[1], shares[2], censored,
                    blacklist, regions, employees, malAccesses, seed);
            if (atRestRequire != null) {
                population = population.withAtRest(PopulationSpec.parseAtRest(atRestRequire));
            }
        } catch (InvalidSettingException e) {
            throw FLAGS.name(e);
        }
        mode = BadRecordFlag.parse(onBadRecord);
        source = CorpusSpec.parse(corpus, seed);
        DataDir target = DataDir.at(out);
        atRest.validate(spec);
        if (Files.exists(target.manifest()) || Files.exists(target.policyStore()) || Files.exists(target.documents())) {
            throw new ParameterException(spec.commandLine(), "--out " + out + ": already holds a data directory; "
                    + "choose another directory or remove it");
        }
        if (Files.exists(out) && !emptyDirectory(out)) {
            throw new ParameterException(spec.commandLine(), "--out " + out + ": holds other files; choose a new or "
                    + "empty directory");
        }
    }

    @Override
    public Integer call() throws Exception {
        if (population == null) {
            validate(); // run outside Main's tree (a test's own CommandLine)
        }
        try {
            return generate();
        } catch (InvalidSettingException e) {
            throw FLAGS.name(e);
        }
    }

    private int generate() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        long started = System.nanoTime();
        Manifest m;
        // Written aside, then renamed into place: a run that fails (a bad record, a setting only the
        // corpus can refute, such as --blacklist above its document count) leaves no directory behind.
        Path absolute = out.toAbsolutePath().normalize();
        Files.createDirectories(absolute.getParent());
        java.util.Optional<Path> newKey = atRest.newKeyFile(out);
        Path draft = Files.createTempDirectory(absolute.getParent(), "." + absolute.getFileName() + ".generating-");
        try {
            atRest.createIfAsked(spec, draft, out);
            try (GenerateProgress progress = new GenerateProgress(source.expectedDocuments(), quiet.quiet())) {
                m = new PopulationGenerator(population, accounts, PasswordHasher.standard()).generate(source,
                        DataDir.at(draft), mode, bad -> err.println("skipped bad record: " + bad.getMessage()), progress);
            }
            Files.move(draft, absolute, StandardCopyOption.ATOMIC_MOVE); // over an empty directory too (rename(2))
        } catch (Exception | Error failed) {
            deleteTree(draft, failed);
            newKey.ifPresent(key -> {
                try {
                    Files.deleteIfExists(key); // made for this run's volume, which is gone
                } catch (IOException e) {
                    failed.addSuppressed(e);
                }
            });
            throw failed;
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        PrintWriter o = spec.commandLine().getOut();
        o.printf("%s: %,d documents (%,.1f MB) from %s, %,d users with %d friends, mix %s, %d employee(s), "
                        + "%d MAL entries, regions %s (r0 blacklists %,d), %d accounts (logins in %s) in %.1f s%n",
                out, m.documents(), m.documentBytes() / 1e6, m.corpus(), m.users(), m.friendsPerUser(), m.mix(),
                m.employees().size(), m.malAccesses(), String.join(",", m.regions()), m.blacklist(),
                Math.min(accounts, m.users()) + m.employees().size(), DataDir.at(out).logins(), seconds);
        if (atRest.asked()) {
            o.printf("%s: the conduit store (documents/) is encrypted at rest: 'maat atrest status --data %s'%n", out, out);
        }
        return 0;
    }

    private static boolean emptyDirectory(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        }
    }

    /** Removes the draft of a failed run; what cannot be removed is reported with the failure. */
    private static void deleteTree(Path draft, Throwable failed) {
        try (Stream<Path> all = Files.walk(draft)) {
            for (Path p : (Iterable<Path>) all.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | RuntimeException e) {
            failed.addSuppressed(e);
        }
    }

    /** A bar for the documents, then one for the facts. */
    private static final class GenerateProgress implements GenerationProgress, AutoCloseable {
        private final boolean quiet;
        private Progress documents;
        private Progress facts;

        GenerateProgress(OptionalLong expectedDocuments, boolean quiet) {
            this.quiet = quiet;
            this.documents = quiet ? null : ProgressBars.start("documents", "docs", expectedDocuments);
        }

        @Override
        public void documents(long written) {
            if (documents != null) {
                documents.stepTo(written);
            }
        }

        @Override
        public void facts(long written, long expected) {
            if (quiet) {
                return;
            }
            if (facts == null) {
                close();
                facts = ProgressBars.start("facts", "facts", OptionalLong.of(expected));
            }
            if (written % 1024 == 0 || written == expected) {
                facts.total(Math.max(expected, written));
                facts.stepTo(written);
            }
        }

        @Override
        public void close() {
            if (documents != null) {
                documents.close();
                documents = null;
            }
            if (facts != null) {
                facts.close();
                facts = null;
            }
        }
    }
}
