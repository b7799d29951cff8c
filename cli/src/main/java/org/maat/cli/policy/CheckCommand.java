package org.maat.cli.policy;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.maat.policy.lang.ParsedPolicy;
import org.maat.policy.lang.PolicyChecker;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.lang.PolicyParser;
import org.maat.policy.lang.PolicyPrinter;
import org.maat.policy.lang.PolicyProblem;
import org.maat.policy.lang.PolicySyntaxError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code maat policy check FILE...}: parse and check policy files, print their canonical form. */
@Command(name = "check",
        mixinStandardHelpOptions = true,
        description = {"Parse and statically check policy files.",
            "Prints each file's canonical form (preceded by a comment with its policy id), or its errors as "
                + "FILE:LINE:COL: message on standard error."},
        footer = {"", "Exit codes: 0 every file is a valid policy, 1 otherwise, 2 bad usage."})
public final class CheckCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Policy files to check.")
    List<Path> files;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        boolean allValid = true;
        for (Path file : files) {
            allValid &= check(file, out, err);
        }
        out.flush();
        err.flush();
        return allValid ? 0 : 1;
    }

    private static boolean check(Path file, PrintWriter out, PrintWriter err) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            err.println(Diagnostics.io(file, "read", e));
            return false;
        }
        try {
            ParsedPolicy parsed = PolicyParser.parseWithPositions(text);
            List<PolicyProblem> problems = PolicyChecker.check(parsed);
            if (!problems.isEmpty()) {
                problems.forEach(p -> err.println(Diagnostics.at(file.toString(), p)));
                return false;
            }
            String canonical = PolicyPrinter.print(parsed.policy());
            out.println("# " + file + " (policy " + PolicyId.ofCanonicalText(canonical) + ")");
            out.print(canonical);
            return true;
        } catch (PolicySyntaxError e) {
            err.println(Diagnostics.at(file.toString(), e));
            return false;
        }
    }
}
