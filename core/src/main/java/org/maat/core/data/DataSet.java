package org.maat.core.data;

import java.io.IOException;
import java.util.Map;
import org.maat.core.conduit.ConduitStore;
import org.maat.policy.facts.FactIndex;
import org.maat.policy.facts.PartitionedFacts;
import org.maat.policy.eval.PolicyEngine;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.mal.MalEntry;
import org.maat.policy.mal.MalLog;
import org.maat.policy.store.PolicyStore;

/**
 * An opened data directory and its policy engine: the policy store (conduits, policies, facts),
 * the document conduit store, and the MAL log, whose entries are the {@code logged} facts. An entry
 * appended through {@link #malLog()} is a fact as soon as the append returns. This is trusted runtime
 * code: it opens files; the runtime builds the monitor of its tasks over it and hands them only
 * monitored handles.
 */
public final class DataSet implements AutoCloseable {

    private final DataDir dir;
    private final Manifest manifest;
    private final PolicyStore policies;
    private final ConduitStore documents;
    private final MalLog malLog;
    private final PolicyEngine engine;

    private DataSet(DataDir dir, Manifest manifest, PolicyStore policies, ConduitStore documents, MalLog malLog) {
        this.dir = dir;
        this.manifest = manifest;
        this.policies = policies;
        this.documents = documents;
        this.malLog = malLog;
        this.engine = engine(policies, malLog);
    }

    /**
     * The policy engine over a policy store and a MAL log: the store's policies and facts, and the
     * log's entries as {@code logged} facts (an entry appended later is a fact as soon as the append
     * returns). Every stored policy is interned and checked against its id. What {@link #open} builds,
     * for runtimes that hold the two stores without the documents (a MapReduce task).
     */
    public static PolicyEngine engine(PolicyStore policies, MalLog malLog) {
        FactIndex logged = new FactIndex();
        try {
            logged.addAll(malLog.facts());
        } catch (IOException e) {
            throw new DataDirException(malLog.file() + ": cannot read: " + e.getMessage());
        }
        malLog.onAppend((MalEntry entry) -> logged.add(entry.asFact()));
        PolicyEngine engine = new PolicyEngine(new PartitionedFacts(policies.facts(), Map.of(MalEntry.FACT_RELATION, logged)));
        for (Map.Entry<PolicyId, String> p : policies.policies().entrySet()) {
            PolicyId interned = engine.intern(p.getValue());
            if (!interned.equals(p.getKey())) {
                throw new DataDirException(policies.file() + ": policy " + p.getKey() + " does not match its text");
            }
        }
        return engine;
    }

    /** Opens a complete data directory written by {@code maat generate}. */
    public static DataSet open(DataDir dir) throws IOException {
        Manifest manifest = dir.readManifest();
        PolicyStore policies = PolicyStore.open(dir.policyStore());
        ConduitStore documents = null;
        try {
            documents = ConduitStore.open(dir.documents());
            MalLog log = MalLog.open(dir.malLog());
            return new DataSet(dir, manifest, policies, documents, log);
        } catch (IOException | RuntimeException e) {
            policies.close();
            if (documents != null) {
                documents.close();
            }
            throw e;
        }
    }

    public DataDir dir() {
        return dir;
    }

    public Manifest manifest() {
        return manifest;
    }

    public PolicyStore policies() {
        return policies;
    }

    public ConduitStore documents() {
        return documents;
    }

    public MalLog malLog() {
        return malLog;
    }

    public PolicyEngine engine() {
        return engine;
    }

    @Override
    public void close() throws IOException {
        try (PolicyStore p = policies; ConduitStore d = documents; MalLog m = malLog) {
            // closed in reverse order by try-with-resources
        }
    }
}
