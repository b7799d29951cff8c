package org.maat.cli.policy;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.maat.policy.mal.MalEntry;
import org.maat.policy.mal.MalLog;
import org.maat.policy.mal.MalLogCorruptedException;
import org.maat.policy.mal.VerifyReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code maat policy log}: checks and appends to a mandatory access log (MAL) file. Exit codes:
 * 0 success, 1 the log is damaged, 2 bad usage or the file cannot be used.
 */
@Command(name = "log",
        mixinStandardHelpOptions = true,
        description = {
            "Check or append to a mandatory access log (MAL).",
            "The MAL is the append-only, hash-chained record of reads of protected documents: "
                + "the MAL policy allows a read only once it is logged here."},
        footer = {"", "Exit codes: 0 success, 1 the log is damaged, 2 bad usage or unusable file."},
        subcommands = {LogCommand.Verify.class, LogCommand.Append.class})
public final class LogCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "Missing subcommand: verify or append");
    }

    /** {@code maat policy log verify FILE}. */
    @Command(name = "verify",
            mixinStandardHelpOptions = true,
            description = {
                "Check every entry of the log against its head file (FILE.head); never modifies either.",
                "Walks the hash chain from the first entry, checking each entry's hash, sequence number "
                    + "and link to the entry before, and that the log reaches the entry its head file records. "
                    + "Prints 'OK: N entries, head HASH', or the first bad entry as 'FILE:LINE: reason' on stderr. "
                    + "A last line without its line end (an append cut short by a crash) is reported on stderr "
                    + "and is not a bad entry: the next append removes it."},
            footer = {"", "Exit codes: 0 the chain is intact, 1 an entry is bad or missing, 2 the file cannot be read."})
    static final class Verify implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "FILE", description = "The MAL log file to check.")
        Path file;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            if (!Files.isRegularFile(file)) {
                err.println(file + ": no such file");
                return 2;
            }
            try {
                VerifyReport report = MalLog.verify(file);
                if (report.ok()) {
                    out.println(report.describe());
                    return 0;
                }
                if (report.defect().orElseThrow().fromInterruptedAppend()) {
                    out.println(report.summary());
                    err.println(report.describe() + "; not an entry: the next append removes it");
                    return 0;
                }
                err.println(report.describe());
                return 1;
            } catch (IOException e) {
                err.println(Diagnostics.io(file, "read", e));
                return 2;
            }
        }
    }

    /** {@code maat policy log append FILE --principal K --conduit ID --reason TEXT}. */
    @Command(name = "append",
            mixinStandardHelpOptions = true,
            description = {
                "Log that a principal reads a conduit; creates the log if missing.",
                "The entry and then the log's head file (FILE.head) are on disk before its sequence number "
                    + "and hash are printed. A last line without its line end (cut short by a crash) is removed "
                    + "first; a log altered in any other way, its last entry included, is refused and left as it is."},
            footer = {"", "Exit codes: 0 appended, 1 the log is damaged, 2 bad usage or unusable file."})
    static final class Append implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "FILE", description = "The MAL log file; created if missing.")
        Path file;

        @Option(names = "--principal", required = true, paramLabel = "K",
                description = "The employee who will read the document.")
        String principal;

        @Option(names = "--conduit", required = true, paramLabel = "ID",
                description = "The id of the conduit (document) to be read.")
        String conduit;

        @Option(names = "--reason", required = true, paramLabel = "TEXT",
                description = "Why the document is read; any text, newlines included.")
        String reason;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            if (principal.isBlank() || conduit.isBlank()) {
                throw new ParameterException(spec.commandLine(), "--principal and --conduit must not be blank");
            }
            try (MalLog log = MalLog.open(file)) {
                MalEntry entry = log.append(principal, conduit, reason);
                log.recoveredTail().ifPresent(tail -> err.println("recovered: truncated "
                        + log.recoveredBytes() + " bytes of an interrupted append: " + tail.describe(file)));
                out.println(entry.sequence() + " " + entry.hash());
                return 0;
            } catch (MalLogCorruptedException e) {
                err.println(e.getMessage());
                return 1;
            } catch (IOException e) {
                err.println(Diagnostics.io(file, "append", e));
                return 2;
            }
        }
    }
}
