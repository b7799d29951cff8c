package org.maat.cli.options;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code --documents N --users N} of the HTTP benchmarks, which generate their own data from a europarl
 * prefix, every user with a login. Each command chooses its defaults; picocli shows them.
 */
public final class GeneratedDataOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = "--documents", paramLabel = "N", description = "Europarl documents to generate. Default: ${DEFAULT-VALUE}.")
    int documents;

    @Option(names = "--users", paramLabel = "N", description = "Users, each with a login. Default: ${DEFAULT-VALUE}.")
    int users;

    public GeneratedDataOptions(int defaultDocuments, int defaultUsers) {
        this.documents = defaultDocuments;
        this.users = defaultUsers;
    }

    /** Bad usage (exit 2) unless there are enough documents and users for the workload. */
    public void validate() {
        if (documents < 100 || users < 2) {
            throw new ParameterException(mixee.commandLine(), "--documents must be at least 100 and --users at least 2");
        }
    }

    public int documents() {
        return documents;
    }

    public int users() {
        return users;
    }
}
