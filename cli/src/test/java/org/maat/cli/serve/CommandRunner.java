package org.maat.cli.serve;

import picocli.CommandLine;

/** Runs one of the module's commands as its own process, as bin/maat would: {@code serve ...} or {@code shard ...}. */
public final class CommandRunner {

    private CommandRunner() {
    }

    public static void main(String[] args) {
        Object command = switch (args[0]) {
            case "serve" -> new ServeCommand();
            case "shard" -> new ShardCommand();
            default -> throw new IllegalArgumentException(args[0]);
        };
        String[] rest = java.util.Arrays.copyOfRange(args, 1, args.length);
        System.exit(new CommandLine(command).execute(rest));
    }
}
