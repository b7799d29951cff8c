package org.maat.bench.vault;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import org.maat.bench.load.ClosedLoop;

/**
 * Drives a series with rising offered load to its knee, as Tutamen's curves do: closed-loop steps of
 * more and more concurrent clients ({@link ClosedLoop}, each client sending its next request when the
 * previous one is answered), each step measured {@code runs} times after its own warm-up, stopping after
 * the first step that shows a decrease from the previous one (Tutamen graphs "through the first data
 * point that shows a decrease"; see {@link #fell}), or when the levels run out.
 */
final class RisingLoad {

    /** How a series is stepped. */
    record Settings(List<Integer> levels, double warmUpSeconds, double seconds, int runs) {

        Settings {
            if (levels.isEmpty() || levels.stream().anyMatch(l -> l < 1) || runs < 1 || seconds <= 0
                    || warmUpSeconds < 0) {
                throw new IllegalArgumentException("levels must be positive, runs at least 1, seconds positive");
            }
            levels = levels.stream().sorted().distinct().toList();
        }
    }

    private static final OperatingSystemMXBean OS =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private final Settings settings;
    private final Consumer<String> progress;

    RisingLoad(Settings settings, Consumer<String> progress) {
        this.settings = settings;
        this.progress = progress;
    }

    LoadCurve measure(Series series) throws Exception {
        List<LoadStep> steps = new ArrayList<>();
        for (int clients : settings.levels()) {
            LoadStep step = step(series, clients);
            steps.add(step);
            progress.accept(String.format("%-28s %4d clients %10.0f/s (%.0f-%.0f) p50 %.2f ms p99 %.2f ms%s",
                    series.key(), clients, step.median(), step.min(), step.max(), step.p50Millis(), step.p99Millis(),
                    step.failed() == 0 ? "" : ", " + step.failed() + " failed: " + step.firstFailure()));
            if (steps.size() > 1 && fell(steps.get(steps.size() - 2), step)) {
                break;
            }
        }
        return new LoadCurve(series, steps);
    }

    /**
     * Whether {@code next} shows a decrease from {@code previous}: its median is lower, and so is its
     * fastest run (on a shared machine one slow run can pull a median down; a decrease within the runs'
     * spread would end a curve at noise). With one run per step this is Tutamen's rule unchanged.
     */
    static boolean fell(LoadStep previous, LoadStep next) {
        return next.median() < previous.median() && next.max() < previous.median();
    }

    /** One offered load, measured {@code runs} times. */
    LoadStep step(Series series, int clients) throws Exception {
        ClosedLoop loop = ClosedLoop.of(clients).named("vault-bench-load")
                .warmUp(ClosedLoop.seconds(settings.warmUpSeconds())).duration(ClosedLoop.seconds(settings.seconds()));
        List<ClosedLoop.Result> results = new ArrayList<>();
        ConnectionMode.Sink sink = new ConnectionMode.Sink();
        long handshakesBefore = series.endpoint().isTls() ? series.endpoint().tls().verifiedChains() : 0;
        long cpuBefore = OS.getProcessCpuTime();
        long wallBefore = System.nanoTime();
        for (int r = 0; r < settings.runs(); r++) {
            results.add(loop.run(c -> series.mode().client(series.endpoint(), series.call(), series.expected(), sink)));
        }
        double wall = (System.nanoTime() - wallBefore) / 1e9;
        double cpu = (OS.getProcessCpuTime() - cpuBefore) / 1e9;
        double serverCpu = cpu - sink.generatorCpuNanos() / 1e9;
        long handshakes = series.endpoint().isTls() ? series.endpoint().tls().verifiedChains() - handshakesBefore
                : sink.connections();
        List<ClosedLoop.Result> byRate = new ArrayList<>(results);
        byRate.sort(Comparator.comparingDouble(ClosedLoop.Result::perSecond));
        ClosedLoop.Result median = byRate.get(byRate.size() / 2);
        return new LoadStep(clients, results.stream().map(ClosedLoop.Result::perSecond).toList(),
                median.latencies().percentileMillis(0.5), median.latencies().percentileMillis(0.99),
                results.stream().mapToLong(ClosedLoop.Result::requests).sum(),
                results.stream().mapToLong(ClosedLoop.Result::failed).sum(), sink.connections(), handshakes,
                cpu / wall, sink.generatorCpuNanos() / 1e9 / wall,
                sink.exchanges() == 0 ? 0 : serverCpu * 1000 / sink.exchanges(), sink.firstFailure());
    }
}
