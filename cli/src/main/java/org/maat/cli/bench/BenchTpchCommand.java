package org.maat.cli.bench;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import org.maat.bench.tpch.TpchBenchmark;
import org.maat.bench.tpch.TpchReport;
import org.maat.cli.ProgressBars;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code maat bench tpch}: the 22 TPC-H queries on plain H2 and through the encrypted layer. */
@Command(name = "tpch",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Run TPC-H on plain H2 and through the encrypted layer (jdbc:maat:h2:), in one run:",
            "1. generates the 8 tables at the scale factor (io.trino.tpch, dbgen's data) and has the onion advisor "
                + "choose each column's onions from the 22 queries (annotated CREATE TABLEs, PRIMARY and FOREIGN KEYs "
                + "declared);",
            "2. loads them into a plain H2 database and through the driver (batched INSERTs; times and rows/s shown);",
            "3. runs each query on both: warm-up run(s) (the driver's first run peels onion layers), then timed runs, "
                + "median kept; compares the results exactly (numbers at the column's scale, rows tied under ORDER BY "
                + "compared as sorted whole rows) and counts the rows and bytes H2 shipped to the driver's client side. "
                + "A query the driver refuses (SQLState 0A000) is reported with the refusal.",
            "",
            "The report (report.md, report.json) goes to OUT/reports/tpch-bench/: per query plain ms, driver ms, ratio, "
                + "rows and bytes shipped, result rows, identical or the refusal; the summary beside Monomi's "
                + "(19 of 22 at a median 1.24x) and Maat's targets. The databases are created under WORK and deleted "
                + "at the end. Progress on standard error."},
        footer = {"", "Examples:",
            "  maat bench tpch --sf 0.01 --runs 1              # a minute or so",
            "  maat bench tpch --sf 0.1 --runs 3 --queries 1,3,6",
            "", "Exit codes: 0 measured (refusals and mismatches are results, in the report), 1 it could not run, "
                + "2 bad usage."})
public final class BenchTpchCommand implements Callable<Integer> {

    @Option(names = "--sf", paramLabel = "SF", defaultValue = "0.1",
            description = "TPC-H scale factor: 1 is about 8.7 million rows (default: ${DEFAULT-VALUE}).")
    double scaleFactor;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "3",
            description = "Timed runs per query and side; the median is reported (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--warmups", paramLabel = "N", defaultValue = "1",
            description = "Untimed runs before the timed ones (default: ${DEFAULT-VALUE}).")
    int warmups;

    @Option(names = "--queries", paramLabel = "N", split = ",",
            description = "Query numbers to run, e.g. 1,3,6 (default: 1 to 22).")
    List<Integer> queries;

    @Option(names = "--batch", paramLabel = "ROWS", defaultValue = "1000",
            description = "Rows per INSERT batch when loading (default: ${DEFAULT-VALUE}).")
    int batch;

    @Option(names = "--work", paramLabel = "DIR",
            description = "Where the two databases are created; must be absent or empty, deleted at the end "
                    + "(default: a new directory under the system temp directory).")
    Path work;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "target",
            description = "Output root: the report in DIR/reports/tpch-bench/ (default: ${DEFAULT-VALUE}).")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        TpchBenchmark.Options options;
        try {
            options = new TpchBenchmark.Options(scaleFactor, runs, warmups,
                    queries == null ? IntStream.rangeClosed(1, 22).boxed().toList() : new ArrayList<>(queries),
                    work != null ? work : TpchBenchmark.defaultWorkDir(), batch, TpchBenchmark.Storage.FILES);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        PrintWriter err = spec.commandLine().getErr();
        String command = "maat bench tpch" + OwnArguments.of(spec).stream().map(a -> " " + a).reduce("", String::concat);
        TpchReport report;
        try {
            report = new TpchBenchmark(options, ProgressBars.FACTORY, line -> {
                err.println("  " + line);
                err.flush();
            }).run(command);
        } catch (SQLException | IllegalArgumentException e) {
            err.println("maat bench tpch: " + e.getMessage());
            err.flush();
            return 1;
        }
        Path dir = out.resolve("reports").resolve("tpch-bench");
        String md = report.write(dir);
        PrintWriter o = spec.commandLine().getOut();
        o.print(md);
        o.flush();
        err.println("bench tpch: report in " + dir.resolve("report.md") + " (and report.json)");
        err.flush();
        return 0;
    }
}
