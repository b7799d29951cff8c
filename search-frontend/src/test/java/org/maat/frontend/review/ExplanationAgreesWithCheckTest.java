package org.maat.frontend.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.access.AccessExplanation;
import org.maat.core.access.DocumentAccess;
import org.maat.core.task.Monitor;
import org.maat.frontend.app.TestSite;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.eval.EvalContext;
import org.maat.policy.lang.Permission;
import org.maat.policy.monitor.ReferenceMonitor;

/**
 * The document page shows "why you can see this" from a second evaluation ({@code explainRead}) after the
 * checked read. If the two ever disagreed, a reader allowed by the check would be shown the refused branch of
 * the panel (each failed literal with its bindings: the owner's friends, the blocking regions), which only the
 * owner may see. Every user and employee, every document, every region (and none): the explanation's verdict is
 * the check's, an allowed read always names its rule and proof, and who may read goes to the owner alone.
 */
class ExplanationAgreesWithCheckTest {

    @TempDir
    static Path root;
    static TestSite site;

    @BeforeAll
    static void open() throws IOException {
        site = TestSite.openForChanges(root);
    }

    @AfterAll
    static void close() throws IOException {
        site.close();
    }

    @Test
    void theExplanationsVerdictIsTheChecksForEverySessionAndDocument() {
        var engine = site.data.engine();
        DocumentAccess access = new DocumentAccess(site.data, Monitor.of(new ReferenceMonitor(engine, site.data.policies())));
        List<String> principals = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            principals.add("u" + i);
        }
        principals.addAll(site.data.manifest().employees());
        List<Conduit> documents;
        try (Stream<Conduit> all = site.data.policies().conduits()) {
            documents = all.filter(c -> c.id().matches("d[0-9]+")).toList();
        }
        List<String> disagreements = new ArrayList<>();
        int allowed = 0;
        for (String principal : principals) {
            for (String region : Arrays.asList("r0", "r1", null)) {
                Session session = Session.of(principal, region);
                for (Conduit doc : documents) {
                    boolean check = engine.holds(doc.policy(), Permission.READ, EvalContext.read(session, doc, engine));
                    AccessExplanation a = access.of(session, doc);
                    if (a.allowed() != check || (check && (a.grantingRule().isEmpty() || a.because().isEmpty()))
                            || a.readers().isPresent() != doc.owner().equals(principal)) {
                        disagreements.add(session + " " + doc.id() + ": check " + check + ", explained " + a.allowed());
                    }
                    allowed += check ? 1 : 0;
                }
            }
        }
        assertThat(allowed).isPositive();
        assertThat(disagreements).isEmpty();
    }
}
