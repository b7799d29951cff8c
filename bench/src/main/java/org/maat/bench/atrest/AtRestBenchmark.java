package org.maat.bench.atrest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.core.data.DirectoryTree;
import org.maat.core.progress.Progress;

/**
 * SwitchCrypt's evaluation (its section 5) on Maat's encrypted volume. For every size and access pattern:
 * unencrypted I/O through plain {@code FileChannel}s, then each cipher alone through a volume, then each switching
 * model at each ratio for every ordered pair of the switching ciphers (primary first, then a switch to the
 * secondary). A measured configuration is {@code repeats} runs of {@code operations} write-then-read operations on a
 * fresh file (a fresh volume for each run); its results are pooled and the median taken, as SwitchCrypt did. Then the
 * JVM's raw ChaCha20 limit, and optionally the cost of an encrypted index ({@link IndexCost}).
 *
 * <p>Everything runs on one thread, so the thread CPU time per byte is the cipher's and the I/O path's own (the
 * stand-in for SwitchCrypt's energy measurements: this machine has no power sensor).
 */
public final class AtRestBenchmark {

    /**
     * What to measure.
     *
     * @param workDir where the files are written (a RAM disk such as /dev/shm, as SwitchCrypt did, when there is one)
     * @param switchSizes the sizes the switching runs use (a subset of {@code sizes}: at 40 MB they dominate the run)
     * @param ratios operations under the primary cipher before the switch, out of 10 (SwitchCrypt's 7, 5, 3)
     * @param indexCost the index and search comparison, or null to skip it
     */
    public record Options(Path workDir, List<Integer> sizes, int operations, int repeats, List<AccessPattern> patterns,
            List<AtRestCipher> ciphers, List<AtRestCipher> switchCiphers, List<SwitchModel> models, List<Integer> switchSizes,
            List<Integer> ratios,
            double rawSeconds, IndexCost.Options indexCost, long seed) {

        public Options {
            require(!sizes.isEmpty() && sizes.stream().allMatch(s -> s > 0), "sizes must be positive");
            require(operations >= 2, "at least 2 operations per run (a switch needs one before and one after)");
            require(repeats >= 1, "at least 1 repeat");
            require(!patterns.isEmpty(), "at least one access pattern");
            require(ratios.stream().allMatch(r -> r > 0 && r < 10), "a ratio's first part is 1 to 9 (of 10)");
            require(sizes.containsAll(switchSizes), "the switching sizes must be among the sizes");
            require(rawSeconds > 0, "the raw ChaCha20 measurement needs a positive duration");
            sizes = List.copyOf(sizes);
            patterns = List.copyOf(patterns);
            ciphers = List.copyOf(ciphers);
            switchCiphers = List.copyOf(switchCiphers);
            models = List.copyOf(models);
            ratios = List.copyOf(ratios);
            switchSizes = List.copyOf(switchSizes);
        }

        private static void require(boolean ok, String what) {
            if (!ok) {
                throw new IllegalArgumentException(what);
            }
        }

        /** How many configurations the run measures (for a progress bar). */
        public long configurations() {
            int pairs = switchCiphers.size() * (switchCiphers.size() - 1);
            return (long) patterns.size() * (sizes.size() * (1 + ciphers.size())
                    + (long) switchSizes.size() * models.size() * pairs * ratios.size());
        }
    }

    /**
     * The encrypted-index comparison of {@code documents} europarl documents under {@code cipher}: 3 index runs
     * and 3 search rounds of 500 queries (quick: 1 run, 1 round of 50).
     */
    public static IndexCost.Options indexCost(int documents, boolean quick, AtRestCipher cipher) {
        return new IndexCost.Options(documents, Math.max(2, Math.min(1000, documents / 10)), quick ? 1 : 3,
                quick ? 50 : 500, quick ? 1 : 3, quick ? 1 : 2, cipher, 42);
    }

    /** The RAM disk when there is one (SwitchCrypt's setting), else the system temp directory. */
    public static Path defaultWorkRoot() {
        Path shm = Path.of("/dev/shm");
        return Files.isDirectory(shm) && Files.isWritable(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir"));
    }

    private final Options options;
    private final Consumer<String> log;
    private final Path keyFile;
    private int runs;

    public AtRestBenchmark(Options options, Consumer<String> log) {
        this.options = options;
        this.log = log;
        this.keyFile = options.workDir().resolve("bench.atrest.key");
    }

    /** Runs everything; {@code progress} counts configurations. The work directory is deleted at the end. */
    public AtRestBenchReport run(String command, Progress progress) throws Exception {
        long started = System.nanoTime();
        Files.createDirectories(options.workDir());
        String fileSystem = Files.getFileStore(options.workDir()).type();
        try {
            warmUp();
            List<StaticResult> statics = new ArrayList<>();
            List<SwitchResult> switches = new ArrayList<>();
            for (int size : options.sizes()) {
                for (AccessPattern pattern : options.patterns()) {
                    WriteRead op = new WriteRead(size, pattern, options.seed() + size);
                    progress.describe(AtRestBenchReport.size(size) + " " + pattern.label());
                    Summary plain = measureStatic(op, null);
                    progress.step();
                    statics.add(new StaticResult("plain", size, pattern, plain, 1, 1));
                    Map<String, Summary> alone = new LinkedHashMap<>();
                    for (AtRestCipher c : options.ciphers()) {
                        Summary s = measureStatic(op, c);
                        progress.step();
                        alone.put(c.name(), s);
                        statics.add(new StaticResult(c.name(), size, pattern, s,
                                s.medianReadNanos() / plain.medianReadNanos(), s.medianWriteNanos() / plain.medianWriteNanos()));
                    }
                    List<SwitchModel> models = options.switchSizes().contains(size) ? options.models() : List.of();
                    for (AtRestCipher c : models.isEmpty() ? List.<AtRestCipher>of() : options.switchCiphers()) {
                        if (!alone.containsKey(c.name())) {
                            alone.put(c.name(), measureStatic(op, c)); // the baseline of the switching runs
                        }
                    }
                    for (SwitchModel model : models) {
                        for (AtRestCipher primary : options.switchCiphers()) {
                            for (AtRestCipher secondary : options.switchCiphers()) {
                                if (primary == secondary) {
                                    continue;
                                }
                                for (int ratio : options.ratios()) {
                                    switches.add(measureSwitch(op, model, primary, secondary, ratio,
                                            alone.get(primary.name()), alone.get(secondary.name())));
                                    progress.step();
                                }
                            }
                        }
                    }
                    log.accept(String.format("%s %s: plain %.3f/%.3f ms write/read", AtRestBenchReport.size(size),
                            pattern.label(), plain.medianWriteNanos() / 1e6, plain.medianReadNanos() / 1e6));
                }
            }
            RawChaCha.Limit limit = RawChaCha.chacha20Limit(16 << 20, options.rawSeconds());
            Map<String, Double> seal = new LinkedHashMap<>();
            for (AtRestCipher c : options.ciphers()) {
                seal.put(c.name(), RawChaCha.sealBytesPerSecond(c, options.rawSeconds()));
            }
            log.accept(String.format("raw ChaCha20 (fastest: %s, no I/O): %.0f MB/s", limit.implementation(),
                    limit.bytesPerSecond() / 1e6));
            IndexCost.Result index = null;
            if (options.indexCost() != null) {
                index = new IndexCost(options.indexCost(), options.workDir().resolve("index-cost"), log).run();
            }
            return new AtRestBenchReport(command, options, statics, switches, limit.bytesPerSecond(),
                    limit.implementation(), seal, index, fileSystem,
                    System.nanoTime() - started);
        } finally {
            DirectoryTree.delete(options.workDir());
        }
    }

    /** A few unmeasured operations through each storage, so that the first measured ones are not the JIT's. */
    private void warmUp() throws IOException {
        WriteRead op = new WriteRead(Math.min(512 * 1024, options.sizes().get(options.sizes().size() - 1)),
                AccessPattern.SEQUENTIAL, options.seed());
        for (int i = 0; i < 3; i++) {
            runOnce(op, null, 3);
            for (AtRestCipher c : options.ciphers()) {
                runOnce(op, c, 3);
            }
        }
    }

    private void runOnce(WriteRead op, AtRestCipher cipher, int operations) throws IOException {
        Path root = freshRoot();
        Storage storage = cipher == null ? new Storage.Plain() : new Storage.Volume(newVolume(root, cipher));
        for (int i = 0; i < operations; i++) {
            op.run(storage, root.resolve("bench.dat"));
        }
        DirectoryTree.delete(root);
    }

    /** {@code cipher} alone, or plain I/O when null. */
    private Summary measureStatic(WriteRead op, AtRestCipher cipher) throws IOException {
        Summary.Builder b = new Summary.Builder(op.size());
        for (int r = 0; r < options.repeats(); r++) {
            Path root = freshRoot();
            Storage storage = cipher == null ? new Storage.Plain() : new Storage.Volume(newVolume(root, cipher));
            for (int i = 0; i < options.operations(); i++) {
                b.add(op.run(storage, root.resolve("bench.dat")));
            }
            DirectoryTree.delete(root);
        }
        return b.build();
    }

    private SwitchResult measureSwitch(WriteRead op, SwitchModel model, AtRestCipher primary, AtRestCipher secondary,
            int ratio, Summary primaryAlone, Summary secondaryAlone) throws IOException {
        int first = Math.max(1, Math.min(options.operations() - 1, Math.round(options.operations() * ratio / 10f)));
        int second = options.operations() - first;
        Summary.Builder b = new Summary.Builder(op.size());
        for (int r = 0; r < options.repeats(); r++) {
            Path root = freshRoot();
            AtRestVolume volume = newVolume(root, primary);
            if (model != SwitchModel.FORWARD) {
                volume.switchTo(primary, model);
            }
            Storage storage = new Storage.Volume(volume);
            for (int i = 0; i < options.operations(); i++) {
                if (i == first) {
                    volume.switchTo(secondary, model);
                }
                b.add(op.run(storage, root.resolve("bench.dat")));
            }
            DirectoryTree.delete(root);
        }
        Summary s = b.build();
        double expectedRead = (first * primaryAlone.meanReadNanos() + second * secondaryAlone.meanReadNanos())
                / options.operations();
        double expectedWrite = (first * primaryAlone.meanWriteNanos() + second * secondaryAlone.meanWriteNanos())
                / options.operations();
        return new SwitchResult(model, primary.name(), secondary.name(), ratio, first, second, op.size(), op.pattern(), s, s.meanReadNanos() / expectedRead - 1, s.meanWriteNanos() / expectedWrite - 1);
    }

    private AtRestVolume newVolume(Path root, AtRestCipher cipher) throws IOException {
        return AtRestVolume.create(root, cipher, "file:" + keyFile);
    }

    private Path freshRoot() throws IOException {
        return Files.createDirectory(options.workDir().resolve("run-" + (++runs)));
    }
}
