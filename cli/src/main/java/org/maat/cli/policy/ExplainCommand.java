package org.maat.cli.policy;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.maat.cli.Refusals;
import org.maat.cli.options.DataOption;
import org.maat.cli.options.SessionOptions;
import org.maat.core.access.AccessExplanation;
import org.maat.core.access.DocumentAccess;
import org.maat.core.data.DataSet;
import org.maat.core.task.Monitor;
import org.maat.policy.Session;
import org.maat.policy.monitor.ReferenceMonitor;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code maat policy explain}: "why can't I see this document", for its owner. The same answer as the
 * front-end's why-not page ({@link DocumentAccess}): the monitor's explanation of the owner's read and who
 * may read the document; for any other id one refusal, the same whether the document exists or not.
 */
@Command(name = "explain",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Explain a document's access to its owner: how the reference monitor decides the owner's read "
                + "(the rule and the literals that allowed it, or the literals that failed, e.g. a region that blocks "
                + "it) and who may read it, in words (friends, friends of friends, employees under the mandatory "
                + "access log, regions where it is blocked), from its policy and the facts as they are now.",
            "",
            "Only the owner is answered. For any other document -- another user's, readable or not -- and for an "
                + "id that names no document, the command prints one and the same refusal and exits 3, so it "
                + "tells no more about which ids exist than the front-end's document page (403 or 404) does, "
                + "and nothing about another user's policy.",
            "",
            "The data directory is opened as a follower (a snapshot, no lock): it may run beside 'maat serve'."},
        footer = {"", "Example:", "  maat policy explain --data data --doc d12 --as u3 --region r0",
            "", "Exit codes: 0 explained, 2 bad arguments (an unknown user or region included) or unreadable data, 3 not explained (not the owner's "
                + "document, or no such document)."})
public final class ExplainCommand implements Callable<Integer> {

    @Mixin
    DataOption data;

    @Option(names = "--doc", required = true, paramLabel = "ID", description = "The document, e.g. d12.")
    String doc;

    @Mixin
    SessionOptions as;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Session session = as.session(spec, data.dataDir());
        Optional<AccessExplanation> answer;
        try (DataSet set = DataSet.openFollower(data.dataDir())) {
            Monitor monitor = Monitor.of(new ReferenceMonitor(set.engine(), set.policies()));
            answer = new DocumentAccess(set, monitor).forOwner(session, doc);
        }
        if (answer.isEmpty()) {
            spec.commandLine().getErr().println("maat policy explain: " + DocumentAccess.NOT_EXPLAINED);
            return Refusals.EXIT_REFUSED;
        }
        print(answer.get(), session, spec.commandLine().getOut());
        return 0;
    }

    private static void print(AccessExplanation a, Session session, PrintWriter out) {
        out.println(a.id() + ": owner " + a.owner() + ", policy " + a.template());
        out.println();
        if (a.allowed()) {
            out.println("ALLOW read for session " + session + " under the rule");
            out.println("  " + a.grantingRule().orElse(""));
            out.println("because:");
            a.because().forEach(l -> out.println("  " + l));
        } else {
            out.println("DENY read for session " + session + ":");
            a.failures().forEach(l -> out.println("  " + l));
        }
        out.println();
        out.println("Who can read it:");
        a.readers().ifPresent(r -> r.lines().forEach(l -> out.println("  " + l)));
        out.flush();
    }
}
