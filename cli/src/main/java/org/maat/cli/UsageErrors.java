package org.maat.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * How every command of the tree reports a usage error (one handler, installed on {@code maat} by
 * {@link Main#commandLine()} and so on every subcommand): the error, the nearest flag when the
 * command line holds a flag the command does not have and one of its flags is a typo away
 * ({@code did you mean --data?}), and one line pointing to {@code --help}, never the whole help.
 * Exit 2. A flag the command does not have is reported before a missing required one, since the
 * typo is usually why the required one is missing ({@code --dta DIR} is not a missing {@code --data}).
 */
final class UsageErrors implements IParameterExceptionHandler {

    /** A flag this many edits or fewer from a known one is offered as "did you mean". */
    private static final int NEAR = 2;

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine command = ex.getCommandLine();
        CommandSpec spec = command.getCommandSpec();
        PrintWriter err = command.getErr();
        List<String> unknown = unknownFlags(spec, args);
        if (unknown.isEmpty()) {
            err.println(ex.getMessage());
        } else {
            err.println("Unknown option: '" + unknown.get(0) + "'");
            nearest(spec, unknown.get(0)).ifPresent(flag -> err.println("did you mean " + flag + "?"));
        }
        err.println("Run '" + spec.qualifiedName() + " --help' for its options.");
        err.flush();
        return spec.exitCodeOnInvalidInput();
    }

    /** The arguments that look like flags but name none of {@code spec}'s or its parents' options. */
    private static List<String> unknownFlags(CommandSpec spec, String[] args) {
        Set<String> known = flags(spec);
        List<String> unknown = new ArrayList<>();
        for (String arg : args) {
            if (arg.equals("--")) {
                break; // the end of options: what follows is positional
            }
            if (!arg.startsWith("-") || arg.equals("-") || arg.matches("-[0-9.].*")) {
                continue; // a value, a word, or a negative number
            }
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            if (!known.contains(name) && !(name.startsWith("-") && !name.startsWith("--") && name.length() > 2
                    && clusteredShortFlags(known, name))) {
                unknown.add(name);
            }
        }
        return unknown;
    }

    /** Whether {@code name} is short flags given together, e.g. {@code -hV}. */
    private static boolean clusteredShortFlags(Set<String> known, String name) {
        return name.substring(1).chars().allMatch(c -> known.contains("-" + (char) c));
    }

    private static Set<String> flags(CommandSpec spec) {
        Set<String> known = new TreeSet<>();
        for (CommandSpec s = spec; s != null; s = s.parent()) {
            known.addAll(s.optionsMap().keySet());
        }
        return known;
    }

    /** The command's flag nearest to {@code typo}, if one is at most {@link #NEAR} edits away. */
    static Optional<String> nearest(CommandSpec spec, String typo) {
        return spec.optionsMap().keySet().stream()
                .filter(flag -> flag.startsWith("--"))
                .map(flag -> new Candidate(flag, editDistance(typo, flag)))
                .filter(c -> c.distance() <= NEAR)
                .min(Comparator.comparingInt(Candidate::distance).thenComparing(Candidate::flag))
                .map(Candidate::flag);
    }

    private record Candidate(String flag, int distance) {
    }

    /** Optimal string alignment distance: insertions, deletions, substitutions and swaps of two neighbours. */
    static int editDistance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
