package org.maat.policy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.mal.MalEntry;
import org.maat.policy.mal.MalLog;
import org.maat.policy.store.PolicyStore;
import org.maat.policy.templates.PolicyTemplates;

/**
 * Child process of {@link MalAndStoreCrashIT}, doing what the front-end does for an employee's
 * access: append to the MAL log ({@code args[0]}), print {@code LOG <seq>}; then commit the
 * {@code logged} fact and an access record to the policy store ({@code args[1]}), print
 * {@code COMMIT <seq>}. Repeats until killed.
 */
public final class MalAndStoreWriter {

    static final String EMPLOYEE = "erin";

    private MalAndStoreWriter() {
    }

    public static void main(String[] args) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        String policyText = PolicyTemplates.text("private");
        PolicyId policy = PolicyId.ofCanonicalText(policyText);
        try (MalLog log = MalLog.open(Path.of(args[0])); PolicyStore store = PolicyStore.open(Path.of(args[1]))) {
            while (System.nanoTime() < deadline) {
                long sequence = log.size();
                MalEntry entry = log.append(EMPLOYEE, documentId(sequence), "case " + sequence);
                System.out.println("LOG " + entry.sequence());
                System.out.flush();
                store.batch()
                        .putPolicy(policy, policyText)
                        .addFact(entry.asFact())
                        .putConduit(new Conduit(accessId(sequence), "access/" + sequence, EMPLOYEE, policy))
                        .commit();
                System.out.println("COMMIT " + entry.sequence());
                System.out.flush();
            }
        }
    }

    static String documentId(long sequence) {
        return "doc-" + sequence;
    }

    static String accessId(long sequence) {
        return "access-" + sequence;
    }
}
