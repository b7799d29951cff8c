package org.maat.bench.atrest;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.bench.report.MarkdownTable;

/**
 * What {@code maat bench atrest} measured, beside SwitchCrypt's published figures and Maat's targets, as Markdown, JSON and
 * the trade-off PNGs ({@link #write}).
 */
public record AtRestBenchReport(String command, AtRestBenchmark.Options options, List<StaticResult> statics,
        List<SwitchResult> switches, double rawChaCha20BytesPerSecond, String rawChaCha20Implementation,
        Map<String, Double> sealBytesPerSecond,
        IndexCost.Result indexCost, String fileSystem, long durationNanos) {

    /** Sizes from this one up are SwitchCrypt's "512 KB, 5 MB and 40 MB" group; smaller ones its "4 KB". */
    static final int LARGE = 512 * 1024;

    /** SwitchCrypt's average overheads against baseline I/O, read then write: large sizes, then 4 KB. */
    static final Map<SwitchModel, double[]> SWITCHCRYPT = Map.of(
            SwitchModel.FORWARD, new double[] {0.08, 0.10, 0.38, 0.44},
            SwitchModel.SELECTIVE, new double[] {0.0, 0.3, 0.22, 0.71},
            SwitchModel.MIRRORED, new double[] {0.25, 0.61, 0.55, 0.77});

    /** Maat's targets for Forward and Selective: overhead at 512 KB and above, and at 4 KB. */
    static final double GOAL_LARGE = 0.05;
    static final double GOAL_SMALL = 0.2;
    /** ChaCha20 through the volume within 30 % of the raw keystream. */
    static final double GOAL_RAW_FRACTION = 0.7;
    /** Search over an encrypted index at least this fraction of plaintext throughput. */
    static final double GOAL_SEARCH = 0.95;

    static String size(int bytes) {
        if (bytes >= 1 << 20 && bytes % (1 << 20) == 0) {
            return bytes / (1 << 20) + " MB";
        }
        if (bytes >= 1024 && bytes % 1024 == 0) {
            return bytes / 1024 + " KB";
        }
        return bytes + " B";
    }

    /** Writes report.md, report.json and the charts into {@code dir}; returns the Markdown. */
    public String write(Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> charts = TradeoffChart.write(statics, options.ciphers(), options.sizes(), options.patterns(), dir);
        String md = markdown(charts);
        Files.writeString(dir.resolve("report.md"), md, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("report.json"), new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .writeValueAsString(json()), StandardCharsets.UTF_8);
        return md;
    }

    /** Mean of {@code value} over the switching runs of {@code model} that {@code which} keeps. */
    OptionalDouble overhead(SwitchModel model, Predicate<SwitchResult> which, ToDoubleFunction<SwitchResult> value) {
        return switches.stream().filter(s -> s.model() == model).filter(which).mapToDouble(value).average();
    }

    private static Predicate<SwitchResult> large() {
        return s -> s.size() >= LARGE;
    }

    private static Predicate<SwitchResult> small() {
        return s -> s.size() < LARGE;
    }

    /** ChaCha20 through the volume at the largest size, sequential: {write, read} bytes per second, if measured. */
    double[] chacha20Throughput() {
        int largest = options.sizes().stream().mapToInt(Integer::intValue).max().orElse(0);
        return statics.stream().filter(s -> s.storage().equals("chacha20") && s.size() == largest
                        && s.pattern() == AccessPattern.SEQUENTIAL).findFirst()
                .map(s -> new double[] {largest / (s.summary().medianWriteNanos() / 1e9),
                    largest / (s.summary().medianReadNanos() / 1e9)}).orElse(null);
    }

    String markdown(List<Path> charts) {
        StringBuilder md = new StringBuilder();
        md.append("# maat bench atrest\n\n");
        md.append("`").append(command).append("`, ").append(String.format(Locale.ROOT, "%.1f", durationNanos / 1e9))
                .append(" s on ").append(Runtime.getRuntime().availableProcessors()).append(" processor(s), Java ")
                .append(System.getProperty("java.version")).append(". Files in ").append(options.workDir())
                .append(" (file system ").append(fileSystem).append(fileSystem.equals("tmpfs") ? ": a RAM disk, as SwitchCrypt's)"
                        : ": not a RAM disk, unlike SwitchCrypt's)").append(".\n\n");
        md.append("Each configuration: ").append(options.repeats()).append(" repeat(s) of ").append(options.operations())
                .append(" write-then-read operations per size, sequential (64 KB requests) and random (4 KB requests, "
                        + "shuffled); results pooled, median taken (SwitchCrypt's method). No fsync (the page cache of tmpfs "
                        + "is the disk). One thread; CPU time per byte (ThreadMXBean thread CPU time over bytes written "
                        + "plus read) stands in for SwitchCrypt's energy measurements, which need a power sensor this machine lacks. Switching runs at "
                + String.join(", ", options.switchSizes().stream().map(AtRestBenchReport::size).toList()) + ".\n\n");

        md.append("## Goals and SwitchCrypt's published figures\n\n");
        md.append("Overhead of a switching model = mean latency of a run that switches (primary for the first part of "
                + "the ratio, then the secondary) over the mean of the same operations with each cipher alone, weighted "
                + "by the ratio, minus 1; averaged over cipher pairs, ratios and both access patterns. SwitchCrypt compared "
                + "against its own baseline I/O; ours isolates the switching model from the cipher (the ciphers' own "
                + "cost against unencrypted I/O is in the next tables).\n\n");
        MarkdownTable goals = new MarkdownTable("model", "SwitchCrypt read/write, 512 KB-40 MB", "ours", "SwitchCrypt read/write, 4 KB",
                "ours", "goal", "met");
        for (SwitchModel model : options.models()) {
            double[] published = SWITCHCRYPT.get(model);
            OptionalDouble lr = overhead(model, large(), SwitchResult::readOverhead);
            OptionalDouble lw = overhead(model, large(), SwitchResult::writeOverhead);
            OptionalDouble sr = overhead(model, small(), SwitchResult::readOverhead);
            OptionalDouble sw = overhead(model, small(), SwitchResult::writeOverhead);
            boolean goal = model != SwitchModel.MIRRORED;
            String met = !goal ? "(no goal)" : verdict(max(lr, lw), GOAL_LARGE) + " / " + verdict(max(sr, sw), GOAL_SMALL);
            goals.row(model.label(), x(published[0]) + "/" + x(published[1]), x(lr) + "/" + x(lw), x(published[2]) + "/" + x(published[3]),
                    x(sr) + "/" + x(sw), goal ? "<= 0.05x / <= 0.2x" : "", met);
        }
        md.append(goals.render()).append('\n');
        double[] through = chacha20Throughput();
        md.append(String.format(Locale.ROOT, "Raw ChaCha20 of this JVM (the fastest keystream of Bouncy Castle's "
                + "ChaChaEngine(20), the JDK's Cipher ChaCha20 and Maat's ChaChaKeystream: %s; 16 MB buffer, no I/O, no MAC): "
                + "**%.0f MB/s**.", rawChaCha20Implementation, rawChaCha20BytesPerSecond / 1e6));
        if (through != null) {
            double worst = Math.min(through[0], through[1]) / rawChaCha20BytesPerSecond;
            md.append(String.format(Locale.ROOT, " ChaCha20 through the volume (%s sequential): write %.0f MB/s "
                            + "(%.2f of raw), read %.0f MB/s (%.2f of raw); goal within 30 %% of raw (>= 0.70): **%s**.",
                    size(options.sizes().stream().mapToInt(Integer::intValue).max().orElse(0)), through[0] / 1e6,
                    through[0] / rawChaCha20BytesPerSecond, through[1] / 1e6, through[1] / rawChaCha20BytesPerSecond,
                    worst >= GOAL_RAW_FRACTION ? "met" : "missed"));
        }
        md.append("\n\nSealing 4 KB blocks in memory (keystream + Poly1305, no I/O): ");
        List<String> seals = new ArrayList<>();
        sealBytesPerSecond.forEach((c, r) -> seals.add(String.format(Locale.ROOT, "%s %.0f MB/s", c, r / 1e6)));
        md.append(String.join(", ", seals)).append(".\n\n");
        if (indexCost != null) {
            md.append(String.format(Locale.ROOT, "Encrypted index (%s, %,d documents; %d of %d conduit-store files "
                            + "encrypted): bench index %.2f s plaintext, %.2f s encrypted (%.2fx); bench search %.1f "
                            + "queries/s plaintext, %.1f encrypted (%.3f of plaintext; goal >= 0.95: **%s**).%n%n",
                    indexCost.cipher(), indexCost.documents(), indexCost.encryptedFiles(), indexCost.storeFiles(),
                    indexCost.indexPlainSeconds(), indexCost.indexEncryptedSeconds(), indexCost.indexRatio(),
                    indexCost.searchPlainPerSecond(), indexCost.searchEncryptedPerSecond(), indexCost.searchRatio(),
                    indexCost.searchRatio() >= GOAL_SEARCH ? "met" : "missed"));
        } else {
            md.append("Encrypted index cost: not measured in this run.\n\n");
        }

        md.append("## Each cipher alone against unencrypted I/O\n\n");
        MarkdownTable alone = new MarkdownTable("size", "pattern", "storage", "write ms", "read ms", "write x plain",
                "read x plain", "CPU ns/byte");
        for (StaticResult s : statics) {
            alone.row(size(s.size()), s.pattern().label(), s.storage(), ms(s.summary().medianWriteNanos()),
                    ms(s.summary().medianReadNanos()), ratio(s.writeSlowdown()), ratio(s.readSlowdown()),
                    String.format(Locale.ROOT, "%.2f", s.summary().cpuNanosPerByte()));
        }
        md.append(alone.render()).append('\n');

        md.append("## Switching models\n\n");
        MarkdownTable sw = new MarkdownTable("model", "primary -> secondary", "ratio", "size", "pattern", "ops before+after", "write ms",
                "read ms", "write overhead", "read overhead", "CPU ns/byte");
        for (SwitchResult s : switches) {
            sw.row(s.model().label(), s.primary() + " -> " + s.secondary(), s.ratio(), size(s.size()), s.pattern().label(),
                    s.first() + "+" + s.second(), ms(s.summary().medianWriteNanos()), ms(s.summary().medianReadNanos()), x(s.writeOverhead()),
                    x(s.readOverhead()), String.format(Locale.ROOT, "%.2f", s.summary().cpuNanosPerByte()));
        }
        md.append(sw.isEmpty() ? "(no switching runs)\n" : sw.render()).append('\n');

        md.append("## Trade-off charts\n\n");
        for (Path chart : charts) {
            md.append("![").append(chart.getFileName()).append("](").append(chart.getFileName()).append(")\n");
        }
        md.append("\nSecurity axis: the norm of (rounds / most rounds, randomization / most randomization) over ");
        List<String> names = new ArrayList<>();
        for (AtRestCipher c : options.ciphers()) {
            names.add(String.format(Locale.ROOT, "%s %.2f", c.name(), TradeoffChart.securityNorm(c, options.ciphers())));
        }
        md.append(String.join(", ", names)).append(".\n");
        return md.toString();
    }

    Map<String, Object> json() {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("command", command);
        root.put("seconds", durationNanos / 1e9);
        root.put("workDir", options.workDir().toString());
        root.put("fileSystem", fileSystem);
        root.put("operations", options.operations());
        root.put("repeats", options.repeats());
        root.put("rawChaCha20BytesPerSecond", rawChaCha20BytesPerSecond);
        root.put("rawChaCha20Implementation", rawChaCha20Implementation);
        root.put("sealBytesPerSecond", sealBytesPerSecond);
        List<Map<String, Object>> alone = new ArrayList<>();
        for (StaticResult s : statics) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("storage", s.storage());
            row.put("size", s.size());
            row.put("pattern", s.pattern().label());
            row.put("summary", s.summary());
            row.put("writeSlowdown", s.writeSlowdown());
            row.put("readSlowdown", s.readSlowdown());
            alone.add(row);
        }
        root.put("alone", alone);
        List<Map<String, Object>> sw = new ArrayList<>();
        for (SwitchResult s : switches) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("model", s.model().label());
            row.put("primary", s.primary());
            row.put("secondary", s.secondary());
            row.put("ratio", s.ratio());
            row.put("operationsBefore", s.first());
            row.put("operationsAfter", s.second());
            row.put("size", s.size());
            row.put("pattern", s.pattern().label());
            row.put("summary", s.summary());
            row.put("writeOverhead", s.writeOverhead());
            row.put("readOverhead", s.readOverhead());
            sw.add(row);
        }
        root.put("switching", sw);
        List<Map<String, Object>> goals = new ArrayList<>();
        for (SwitchModel model : options.models()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("model", model.label());
            row.put("switchCrypt", SWITCHCRYPT.get(model));
            row.put("readLarge", orNull(overhead(model, large(), SwitchResult::readOverhead)));
            row.put("writeLarge", orNull(overhead(model, large(), SwitchResult::writeOverhead)));
            row.put("readSmall", orNull(overhead(model, small(), SwitchResult::readOverhead)));
            row.put("writeSmall", orNull(overhead(model, small(), SwitchResult::writeOverhead)));
            goals.add(row);
        }
        root.put("overheads", goals);
        double[] through = chacha20Throughput();
        if (through != null) {
            root.put("chacha20WriteFractionOfRaw", through[0] / rawChaCha20BytesPerSecond);
            root.put("chacha20ReadFractionOfRaw", through[1] / rawChaCha20BytesPerSecond);
        }
        root.put("indexCost", indexCost);
        return root;
    }

    private static Double orNull(OptionalDouble d) {
        return d.isPresent() ? d.getAsDouble() : null;
    }

    private static OptionalDouble max(OptionalDouble a, OptionalDouble b) {
        return a.isPresent() && b.isPresent() ? OptionalDouble.of(Math.max(a.getAsDouble(), b.getAsDouble()))
                : OptionalDouble.empty();
    }

    private static String verdict(OptionalDouble value, double goal) {
        return value.isEmpty() ? "not measured" : value.getAsDouble() <= goal ? "met" : "missed";
    }

    private static String x(OptionalDouble d) {
        return d.isPresent() ? x(d.getAsDouble()) : "-";
    }

    private static String x(double d) {
        return String.format(Locale.ROOT, "%.2fx", d);
    }

    private static String ratio(double d) {
        return String.format(Locale.ROOT, "%.2f", d);
    }

    private static String ms(double nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e6);
    }
}
