package org.maat.cli.bench;

import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/** The arguments after a command's own name, as given (through {@code maat bench NAME} or to the command alone). */
final class OwnArguments {

    private OwnArguments() {
    }

    /** What a benchmark's report quotes as the command that made it. */
    static List<String> of(CommandSpec spec) {
        List<String> args = spec.commandLine().getParseResult().originalArgs();
        for (int i = 0; i < args.size() && !args.get(i).startsWith("-"); i++) {
            if (args.get(i).equals(spec.name())) {
                return args.subList(i + 1, args.size());
            }
        }
        return args;
    }
}
