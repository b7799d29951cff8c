package org.maat.core.runtime;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maat.core.conduit.ConduitStore;
import org.maat.core.data.DataDir;
import org.maat.core.lucene.IndexLabels;
import org.maat.policy.Conduit;
import org.maat.policy.ConduitCatalog;
import org.maat.policy.eval.PolicyEngine;
import org.maat.policy.facts.FactSource;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.lang.PolicyPrinter;
import org.maat.policy.monitor.ReferenceMonitor;
import org.maat.policy.store.PolicyStore;
import org.maat.policy.templates.PolicyTemplates;

/**
 * The stores of a data directory, opened by the trusted runtime: the policy store (conduits,
 * policies, facts) and the document conduit store. It builds the monitor that governs tasks over
 * them: an engine that knows every stored policy plus the index and per-session ones, and a catalog
 * spanning the data store and any index label stores.
 */
public final class DataStores implements AutoCloseable {

    /** The policy of per-session conduits (a query, a result list): readable by their owner only. */
    public static final String SESSION_TEMPLATE = "private";

    private final DataDir dir;
    private final PolicyStore policies;
    private final ConduitStore documents;

    private DataStores(DataDir dir, PolicyStore policies, ConduitStore documents) {
        this.dir = dir;
        this.policies = policies;
        this.documents = documents;
    }

    /** Opens the stores of {@code dir}; a clear error when it is not a complete data directory. */
    public static DataStores open(DataDir dir) throws IOException {
        dir.readManifest();
        PolicyStore policies = PolicyStore.open(dir.policyStore());
        try {
            return new DataStores(dir, policies, ConduitStore.open(dir.documents()));
        } catch (IOException | RuntimeException e) {
            policies.close();
            throw e;
        }
    }

    public DataDir dir() {
        return dir;
    }

    public PolicyStore policies() {
        return policies;
    }

    public ConduitStore documents() {
        return documents;
    }

    public FactSource facts() {
        return policies.facts();
    }

    /**
     * A monitor over this data and {@code labels} (may be null): every stored policy, the index
     * policy and the session policy are interned before the first task runs.
     */
    public ReferenceMonitor monitor(IndexLabels labels) {
        PolicyEngine engine = new PolicyEngine(facts());
        policies.policies().values().forEach(engine::intern);
        engine.intern(IndexLabels.POLICY);
        engine.intern(PolicyTemplates.policy(SESSION_TEMPLATE));
        List<ConduitCatalog> catalogs = new ArrayList<>();
        catalogs.add(policies);
        if (labels != null) {
            catalogs.add(labels);
        }
        return new ReferenceMonitor(engine, id -> find(catalogs, id));
    }

    /** The id of the session policy, as interned by {@link #monitor}. */
    public static PolicyId sessionPolicy() {
        return PolicyId.ofCanonicalText(PolicyPrinter.print(PolicyTemplates.policy(SESSION_TEMPLATE)));
    }

    private static Optional<Conduit> find(List<ConduitCatalog> catalogs, String id) {
        for (ConduitCatalog catalog : catalogs) {
            Optional<Conduit> found = catalog.find(id);
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    @Override
    public void close() throws IOException {
        try {
            documents.close();
        } finally {
            policies.close();
        }
    }
}
