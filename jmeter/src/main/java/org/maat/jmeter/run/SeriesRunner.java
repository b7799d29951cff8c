package org.maat.jmeter.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.maat.jmeter.report.JtlFile;
import org.maat.jmeter.report.Knee;
import org.maat.jmeter.report.LoadCurve;
import org.maat.jmeter.report.Sample;
import org.maat.jmeter.report.SteadyState;

/**
 * Runs the series of one workload and records each in {@code run.json}: the adaptive load (thread
 * steps until {@link Knee} sees saturation or the levels run out, the step that was running when
 * saturation showed is dropped as incomplete), then the open model at fixed request rates around the
 * knee throughput, to find the highest stable rate; or a fixed sequence on one thread. A freshly started
 * server is first {@linkplain #warmUp warmed up} until it is in steady state, as the ERP evaluation ran its
 * tests on a warmed-up machine.
 */
public final class SeriesRunner {

    /** Threads of a warm-up step: enough to run the server's request paths concurrently, far from saturation. */
    static final int WARM_UP_THREADS = 2;
    /** Warm-up steps at most; a server still not steady after these is measured anyway, with a warning. */
    public static final int WARM_UP_STEPS = 6;
    /** A warm-up step whose own transient took at most this share of it shows a warm server. */
    static final double WARM_TRANSIENT_SHARE = 0.2;

    private final RunContext context;
    private final int warmUpSteps;

    /**
     * @param warmUpSteps the most warm-up steps before a workload's first series ({@value #WARM_UP_STEPS} for a
     *                    measurement; a quick run, a smoke test of the plan and its report, takes one; 0: none,
     *                    the first series measures a cold server)
     */
    public SeriesRunner(RunContext context, int warmUpSteps) {
        if (warmUpSteps < 0) {
            throw new IllegalArgumentException("warm-up steps must be 0 or more, not " + warmUpSteps);
        }
        this.context = context;
        this.warmUpSteps = warmUpSteps;
    }

    /** The adaptive series, then (if {@code load} has rate factors) the open-model series around its knee. */
    public Optional<Knee> adaptiveThenOpen(Workload workload, Target target, LoadSettings load, SeriesTags tags)
            throws IOException, InterruptedException {
        Optional<Knee> knee = adaptive(workload, target, load, tags);
        if (knee.isPresent() && !load.rateFactors().isEmpty()) {
            open(workload, target, load, knee.get().point().throughput(), tags);
        }
        context.workloadDone().run();
        return knee;
    }

    /**
     * Runs {@code workload} unrecorded, one step of {@value #WARM_UP_THREADS} threads at a time, until a step is
     * in steady state almost from its start ({@link SteadyState}: settled, its transient at most a fifth of the
     * step): the JIT has compiled the request paths and caches are filled, so the first measured series does
     * not pay for starting the server and the series after it do not look faster for running later. At most
     * the constructor's {@code warmUpSteps}; none if that is 0.
     *
     * @return whether the server reached steady state (false without warm-up steps)
     */
    public boolean warmUp(Workload workload, Target target, LoadSettings load) throws IOException, InterruptedException {
        if (warmUpSteps == 0) {
            context.log().accept(workload.name() + ": no warm-up steps asked for; measuring a cold server");
            return false;
        }
        Map<String, String> p = new LinkedHashMap<>(workload.properties());
        p.putAll(target.properties());
        p.put("step.seconds", Integer.toString(load.stepSeconds()));
        p.put("rampup", "0");
        p.put("level.1", Integer.toString(WARM_UP_THREADS));
        for (int step = 1; step <= warmUpSteps; step++) {
            String name = workload.name() + "-warm-up-" + step;
            Path csv = context.logs().resolve(name + ".csv");
            run(csv, name, p, target, load.adaptiveLimit(), () -> false);
            List<Sample> counted = JtlFile.read(csv).stream().filter(s -> workload.mix().containsKey(s.label())).toList();
            Files.deleteIfExists(csv);
            SteadyState steady = SteadyState.trim(counted);
            boolean warm = steady.settled()
                    && steady.transientMillis() <= WARM_TRANSIENT_SHARE * load.stepSeconds() * 1000;
            context.log().accept(String.format(Locale.ROOT, "%s: warm-up step %d: %s", workload.name(), step,
                    warm ? "steady, warm" : steady.reason()));
            if (warm) {
                return true;
            }
        }
        context.log().accept("  WARNING: " + workload.name() + " not steady after " + warmUpSteps
                + " warm-up steps; measuring anyway");
        return false;
    }

    /** Steps thread counts; the knee of what was measured, if any counted request succeeded. */
    public Optional<Knee> adaptive(Workload workload, Target target, LoadSettings load, SeriesTags tags)
            throws IOException, InterruptedException {
        String name = workload.name() + "-adaptive";
        Path csv = context.results().resolve(name + ".csv");
        Map<String, String> p = new LinkedHashMap<>(workload.properties());
        p.putAll(target.properties());
        p.put("step.seconds", Integer.toString(load.stepSeconds()));
        p.put("rampup", Integer.toString(load.rampUpSeconds()));
        for (int i = 0; i < load.levels().size(); i++) {
            p.put("level." + (i + 1), Integer.toString(load.levels().get(i)));
        }
        context.log().accept(String.format(Locale.ROOT, "%s: adaptive, threads %s, %d s per step", workload.name(),
                load.levels(), load.stepSeconds()));
        SaturationWatch watch = new SaturationWatch(csv, context.results().resolve("." + name + ".snapshot"),
                workload.mix().keySet());
        JMeterProcess.End end = run(csv, name, p, target, load.adaptiveLimit(), watch::saturated);
        if (end == JMeterProcess.End.STOPPED) {
            keepFirstLevels(csv, watch.completeLevels());
            context.log().accept("  saturated: " + watch.knee().map(Knee::reason).orElse("") + "; stepping stopped");
        }
        List<Sample> samples = JtlFile.read(csv);
        List<Number> levels = new ArrayList<>();
        for (String level : new LinkedHashSet<>(samples.stream().map(Sample::level).toList())) {
            levels.add(Integer.parseInt(level.substring("threads-".length())));
        }
        context.record().add(new Series(id(workload, "adaptive"), relative(csv), Series.ADAPTIVE, levels,
                workload.mix(), tags.backend(), tags.topology(), tags.sessionLength(), tags.policy(), tags.order()));
        LoadCurve curve = LoadCurve.of(samples, workload.mix().keySet());
        if (curve.points().isEmpty() || curve.points().stream().allMatch(pt -> pt.throughput() <= 0)) {
            context.log().accept("  WARNING: no counted request succeeded (see " + relative(csv) + ")");
            return Optional.empty();
        }
        Knee knee = Knee.of(curve);
        context.log().accept(String.format(Locale.ROOT, "  knee %s: %.1f req/s, mean %.1f ms (%s)",
                knee.point().level(), knee.point().throughput(), knee.point().meanLatency(), knee.reason()));
        return Optional.of(knee);
    }

    /** Fixed arrival rates at the load's factors times {@code kneeThroughput} (counted requests/s). */
    public void open(Workload workload, Target target, LoadSettings load, double kneeThroughput, SeriesTags tags)
            throws IOException, InterruptedException {
        String name = workload.name() + "-open";
        Path csv = context.results().resolve(name + ".csv");
        Map<String, String> p = new LinkedHashMap<>(workload.properties());
        p.putAll(target.properties());
        p.put("seed", "42");
        List<Number> rates = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        for (double factor : load.rateFactors()) {
            double rate = factor * kneeThroughput;
            String label = rateLabel(rate);
            if (rate <= 0 || !names.add(label)) {
                continue;
            }
            int i = names.size();
            double arrivals = rate / workload.requestsPerIteration();
            p.put("rate." + i, label);
            // Then no arrivals for a while, so that requests still in flight finish instead of being cut.
            p.put("schedule." + i, String.format(Locale.ROOT, "rate(%.4f/sec) random_arrivals(%d sec) pause(%d sec)",
                    arrivals, load.stepSeconds(), load.drainSeconds()));
            rates.add(Double.parseDouble(label));
        }
        if (rates.isEmpty()) {
            return;
        }
        context.log().accept(String.format(Locale.ROOT, "%s: open model at %s req/s, %d s each", workload.name(),
                rates, load.stepSeconds()));
        run(csv, name, p, target, load.openLimit(), () -> false);
        context.record().add(new Series(id(workload, "open"), relative(csv), Series.OPEN, rates,
                workload.mix(), tags.backend(), tags.topology(), tags.sessionLength(), tags.policy(), tags.order()));
    }

    /** One thread through the plan's fixed sequence (the plan's own thread group, {@code threads-1}). */
    public void sequence(Workload workload, Target target, Duration limit, SeriesTags tags)
            throws IOException, InterruptedException {
        unstepped(workload, target, limit, tags, "one thread, fixed sequence");
    }

    /**
     * The plan's own thread groups as its properties set them, run once, not stepped (e.g. normal users and
     * disguisers side by side); recorded as a {@code sequence} series, since no level is varied.
     */
    public void fixedLoad(Workload workload, Target target, Duration limit, SeriesTags tags)
            throws IOException, InterruptedException {
        unstepped(workload, target, limit, tags, "fixed load");
    }

    private void unstepped(Workload workload, Target target, Duration limit, SeriesTags tags, String what)
            throws IOException, InterruptedException {
        String name = workload.name();
        Path csv = context.results().resolve(name + ".csv");
        Map<String, String> p = new LinkedHashMap<>(workload.properties());
        p.putAll(target.properties());
        context.log().accept(workload.name() + ": " + what);
        JMeterProcess.End end = run(csv, name, p, target, limit, () -> false);
        if (end == JMeterProcess.End.TIMED_OUT) {
            context.log().accept("  WARNING: stopped after " + limit.toSeconds() + " s, the sequence is cut short");
        }
        context.record().add(new Series(id(workload, "sequence"), relative(csv), Series.SEQUENCE, List.of(1),
                workload.mix(), tags.backend(), tags.topology(), tags.sessionLength(), tags.policy(), tags.order()));
        context.workloadDone().run();
    }

    private JMeterProcess.End run(Path csv, String name, Map<String, String> properties, Target target,
                                  Duration limit, java.util.function.BooleanSupplier stop)
            throws IOException, InterruptedException {
        try (JMeterProcess jmeter = JMeterProcess.start(context.jmeter(), context.plan(), csv, context.logs(), name,
                context.runDir(), properties, target.systemProperties())) {
            JMeterProcess.End end = jmeter.await(limit, stop);
            if (end == JMeterProcess.End.TIMED_OUT) {
                context.log().accept("  WARNING: " + name + " ran over its " + limit.toSeconds() + " s bound; stopped");
            }
            return end;
        }
    }

    /** Cuts the CSV after its first {@code levels} levels (thread groups run one after another). */
    static void keepFirstLevels(Path csv, int levels) throws IOException {
        List<Sample> samples = JtlFile.read(csv);
        List<String> order = new ArrayList<>(new LinkedHashSet<>(samples.stream().map(Sample::level).toList()));
        if (order.size() <= levels) {
            return;
        }
        Set<String> kept = Set.copyOf(order.subList(0, levels));
        long cut = samples.stream().filter(s -> !kept.contains(s.level())).mapToLong(Sample::line).min()
                .orElse(Long.MAX_VALUE);
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        List<String> keep = lines.subList(0, (int) Math.min(lines.size(), cut - 1));
        Path partial = csv.resolveSibling(csv.getFileName() + ".partial");
        Files.write(partial, keep, StandardCharsets.UTF_8);
        Files.move(partial, csv, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    /** A rate as a thread group name's number: three significant digits at most, no trailing zeros. */
    static String rateLabel(double rate) {
        String text = rate >= 100 ? String.format(Locale.ROOT, "%.0f", rate)
                : rate >= 10 ? String.format(Locale.ROOT, "%.1f", rate) : String.format(Locale.ROOT, "%.2f", rate);
        return text.contains(".") ? text.replaceFirst("\\.?0+$", "") : text;
    }

    private static String id(Workload workload, String load) {
        return workload.name().replace('-', '/') + "/" + load;
    }

    private String relative(Path file) {
        return context.runDir().relativize(file).toString().replace('\\', '/');
    }
}
