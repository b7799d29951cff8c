package org.maat.bench.vault;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import org.maat.bench.load.ClosedLoop;

/**
 * {@code maat bench vault}: Tutamen's performance evaluation on this vault. Every series
 * steps closed-loop clients to its knee ({@link RisingLoad}) against servers in this process, with
 * connection reuse and with a fresh full TLS handshake per request reported apart; then the time split of
 * a store and a fetch through the vault client ({@link TimeSplit}). Load generator and servers share this
 * JVM and its cores: the report says how much CPU the generator's own threads took.
 */
public final class VaultBenchmark {

    /**
     * What to measure: offered concurrency {@code levels}; first an unmeasured warm-up of every series
     * (at the lowest level of at least 4 clients), then each series measured; per step {@code runs} runs of {@code seconds} after {@code warmUpSeconds};
     * the operations (get-token, fetch-secret, noop-mtls, noop-tls, https-static, http-static; empty: all) and connection modes ({@code reuse}, {@code fresh};
     * empty: both); {@code splitRuns} store+fetch runs for the time split (0: none).
     */
    public record Options(Path workDir, List<Integer> levels, double seriesWarmUpSeconds, double warmUpSeconds,
            double seconds, int runs, List<String> series, List<String> modes, int splitRuns) {

        public Options {
            levels = List.copyOf(levels);
            series = List.copyOf(series);
            modes = List.copyOf(modes);
            new RisingLoad.Settings(levels, warmUpSeconds, seconds, runs);
            if (seriesWarmUpSeconds < 0 || splitRuns < 0) {
                throw new IllegalArgumentException("the series warm-up and the split runs must not be negative");
            }
            series.forEach(Operation::named);
            modes.forEach(VaultBenchmark::mode);
        }
    }

    private final Options options;
    private final Consumer<String> progress;

    public VaultBenchmark(Options options, Consumer<String> progress) {
        this.options = options;
        this.progress = progress;
    }

    /** Creates a vault under the work directory, measures everything chosen, stops every server. */
    public VaultBenchReport run(String command) throws Exception {
        Instant started = Instant.now();
        double loadBefore = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        Path vaultDir = options.workDir().resolve("vault-" + DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
                .withZone(ZoneOffset.UTC).format(started));
        Files.createDirectories(options.workDir());
        RisingLoad load = new RisingLoad(new RisingLoad.Settings(options.levels(), options.warmUpSeconds(),
                options.seconds(), options.runs()), progress);
        List<LoadCurve> curves = new ArrayList<>();
        TimeSplit.Result split = null;
        try (BenchTargets targets = BenchTargets.start(vaultDir, progress)) {
            // Baselines first: they warm the generator's own code before the vault's series are measured.
            List<Operation> order = new ArrayList<>(operations());
            order.sort(Comparator.comparingInt(Operation::ordinal).reversed());
            List<Series> series = new ArrayList<>();
            for (Operation op : order) {
                for (ConnectionMode mode : modes()) {
                    series.add(targets.series(op, mode));
                }
            }
            // Every path warmed before any is measured: else the first TLS series would pay for compiling
            // the handshake code that later ones find compiled, and the baselines would be unfairly slow.
            for (Series s : series) {
                warmUp(s);
            }
            for (Series s : series) {
                curves.add(load.measure(s));
            }
            if (options.splitRuns() > 0) {
                split = TimeSplit.measure(targets.vaultDir(), BenchTargets.CLIENT, options.splitRuns(), progress);
            }
        }
        curves.sort(Comparator.comparingInt((LoadCurve c) -> c.series().operation().ordinal())
                .thenComparingInt(c -> c.series().mode().ordinal()));
        double loadAfter = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        return new VaultBenchReport(command, options, started, loadBefore, loadAfter, curves, split);
    }

    /** An unmeasured run, so that no measured step is the one that compiles the series' code paths. */
    private void warmUp(Series s) throws Exception {
        if (options.seriesWarmUpSeconds() <= 0) {
            return;
        }
        int clients = options.levels().stream().sorted().filter(l -> l >= 4).findFirst()
                .orElse(options.levels().stream().max(Integer::compare).orElseThrow());
        ClosedLoop.Result r = ClosedLoop.of(clients).named("vault-bench-warmup")
                .duration(ClosedLoop.seconds(options.seriesWarmUpSeconds()))
                .run(c -> s.mode().client(s.endpoint(), s.call(), s.expected(), new ConnectionMode.Sink()));
        progress.accept(String.format("%-28s warm-up %d clients %.0f/s", s.key(), clients, r.perSecond()));
    }

    private List<Operation> operations() {
        return options.series().isEmpty() ? List.of(Operation.values())
                : options.series().stream().map(Operation::named).distinct().toList();
    }

    private List<ConnectionMode> modes() {
        return options.modes().isEmpty() ? List.of(ConnectionMode.values())
                : options.modes().stream().map(VaultBenchmark::mode).distinct().sorted().toList();
    }

    private static ConnectionMode mode(String name) {
        switch (name) {
            case "reuse":
                return ConnectionMode.REUSE;
            case "fresh":
                return ConnectionMode.FRESH;
            default:
                throw new IllegalArgumentException("unknown connection mode '" + name + "'; choose reuse or fresh");
        }
    }
}
