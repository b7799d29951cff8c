package org.maat.cli.policy;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code maat policy}: the policy language and the MAL log from the command line. */
@Command(name = "policy",
        mixinStandardHelpOptions = true,
        description = {"Check and evaluate policies, explain a document's access to its owner, and keep the "
                + "mandatory access log.",
            "Policies follow the language of ARCHITECTURE.md section 2; the standard templates are "
                + "public, private, friends, fof, mal, history, index, mal-log (NAME+censorship for documents)."},
        subcommands = {CheckCommand.class, EvalCommand.class, ExplainCommand.class, LogCommand.class})
public final class PolicyCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing subcommand: check, eval, explain or log");
    }
}
