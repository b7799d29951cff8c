package org.maat.bench.disguise;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.maat.bench.websubmit.WebSubmitData;
import org.maat.bench.websubmit.WebSubmitLoader;
import org.maat.erp.ErpDatabase;
import org.maat.erp.ErpLoader;

/**
 * {@code maat bench disguise}: Edna's evaluation of reversible disguises on Maat, in five
 * parts, each against Edna's published figures and Maat's targets:
 * <ol>
 *   <li>the WebSubmit operations ({@link WebSubmitOperations}) on a generated course in a file-backed
 *       H2 database, with Maat's disguises and with the manual irreversible SQL;</li>
 *   <li>an employee leaving on the ERP HR schema ({@link ErpLeaves}), likewise;</li>
 *   <li>a search user deleting, anonymizing and restoring their account on a generated population
 *       with its monitored index ({@link SearchOperations}), with Maat's search disguises and with
 *       the manual irreversible deletion through core's APIs;</li>
 *   <li>each cryptographic operation ({@link CryptoCosts});</li>
 *   <li>normal edits alone and beside users continuously deleting and restoring their accounts
 *       ({@link EditContention}).</li>
 * </ol>
 * The databases and the search data live in a new directory under the system temp dir, deleted at the end.
 */
public final class DisguiseBenchmark {

    /** What to measure; see the command's help for each. */
    public record Options(int users, int lectures, int questions, int employees, int searchUsers, int searchDocuments,
            int disguisers, int normalThreads, double warmUpSeconds, double seconds, int runs, int warmUpRuns,
            int cryptoIterations, long seed, int batch) {

        public Options {
            if (users < 1 || lectures < 1 || questions < 1 || employees < 1 || searchUsers < 1 || searchDocuments < 1
                    || disguisers < 0 || normalThreads < 1
                    || warmUpSeconds < 0 || seconds <= 0 || runs < 1 || warmUpRuns < 0 || cryptoIterations < 1
                    || batch < 1) {
                throw new IllegalArgumentException("sizes, threads, seconds, runs and iterations must be positive "
                        + "(--disguisers and warm-ups may be 0)");
            }
        }

        /**
         * Edna's sizes: 2,000 users x 20 lectures x 4 questions, 10,000 employees, 30 disguisers, 100
         * editors; 2,000 search users with 20,000 documents.
         */
        public static Options full() {
            return new Options(2000, 20, 4, 10_000, 2000, 20_000, 30, 100, 3, 20, 200, 20, 2000, 42, 1000);
        }

        /** A smoke run of seconds: tiny sizes, the report's shape, no figures to quote. */
        public static Options quick() {
            return new Options(60, 4, 2, 300, 60, 300, 2, 4, 0.2, 1, 5, 2, 50, 42, 1000);
        }
    }

    private final Options options;
    private final Consumer<String> log;

    public DisguiseBenchmark(Options options, Consumer<String> log) {
        this.options = options;
        this.log = log;
    }

    /** Runs every part; {@code command} is printed in the report as the command that made it. */
    public DisguiseBenchReport run(String command) throws Exception {
        Instant started = Instant.now();
        double loadBefore = loadAverage();
        WebSubmitData data = new WebSubmitData(options.seed(), options.users(), options.lectures(), options.questions());
        int perKind = options.warmUpRuns() + options.runs();
        UserPlan plan = new UserPlan(options.users(), options.disguisers(), perKind, WebSubmitOperations.KINDS);
        new ErpLeaves(options.employees(), options.warmUpRuns(), options.runs(), options.seed()); // checks sizes early
        SearchOperations search = new SearchOperations(options.searchUsers(), options.searchDocuments(),
                options.warmUpRuns(), options.runs(), options.seed());
        Path work = Files.createTempDirectory("maat-disguise-bench");
        List<Timed> timed = new ArrayList<>();
        EditContention.Result contention;
        StringBuilder setup = new StringBuilder();
        try {
            String url = "jdbc:h2:file:" + work.resolve("websubmit").toAbsolutePath() + ";LOCK_TIMEOUT=10000";
            try (Connection keeper = DriverManager.getConnection(url)) { // holds the database open throughout
                log.accept(String.format(Locale.ROOT, "loading WebSubmit: %d users, %d answers ...", data.users(),
                        data.answerCount()));
                long t0 = System.nanoTime();
                long rows = new WebSubmitLoader(options.batch()).load(keeper, data);
                setup.append(String.format(Locale.ROOT, "WebSubmit: %d rows (%d answers) loaded in %.1f s with "
                        + "batches of %d, seed %d. ", rows, data.answerCount(), (System.nanoTime() - t0) / 1e9,
                        options.batch(), options.seed()));
                log.accept("measuring the WebSubmit operations ...");
                try (Connection maat = DriverManager.getConnection(url); Connection sql = DriverManager.getConnection(url)) {
                    timed.addAll(new WebSubmitOperations(data, plan, options.warmUpRuns(), options.runs(),
                            options.seed()).measure(maat, sql));
                }
                log.accept(String.format(Locale.ROOT, "normal edits (%d editors) alone, then beside %d disguisers ...",
                        options.normalThreads(), options.disguisers()));
                contention = new EditContention(data, plan, options.normalThreads(), options.warmUpSeconds(),
                        options.seconds(), options.seed()).measure(() -> DriverManager.getConnection(url));
            }
            log.accept(String.format(Locale.ROOT, "loading the ERP HR schema: %d employees ...", options.employees()));
            long t0 = System.nanoTime();
            ErpDatabase erp = ErpDatabase.create(work.resolve("erp"), ErpDatabase.Kind.PLAIN, options.seed(),
                    options.employees());
            new ErpLoader(options.batch(), n -> { }).load(erp);
            setup.append(String.format(Locale.ROOT, "ERP: %d employees loaded in %.1f s.", options.employees(),
                    (System.nanoTime() - t0) / 1e9));
            log.accept("measuring an employee leaving ...");
            try (Connection maat = erp.connect(); Connection sql = erp.connect()) {
                timed.addAll(new ErpLeaves(options.employees(), options.warmUpRuns(), options.runs(), options.seed())
                        .measure(maat, sql));
            }
            SearchOperations.Result searched = search.measure(work, log);
            setup.append(' ').append(searched.setup());
            timed.addAll(searched.timed());
            log.accept("measuring the cryptographic operations ...");
            timed.addAll(new CryptoCosts(Math.max(1, options.cryptoIterations() / 4), options.cryptoIterations())
                    .measure(data));
        } finally {
            deleteTree(work);
        }
        return new DisguiseBenchReport(command, options, started, loadBefore, loadAverage(), setup.toString(), timed,
                contention);
    }

    private static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + root, e);
        }
    }
}
