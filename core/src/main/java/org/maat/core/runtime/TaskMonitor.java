package org.maat.core.runtime;

import java.util.Map;
import java.util.Optional;
import org.maat.core.data.DataSet;
import org.maat.core.lucene.IndexLabels;
import org.maat.policy.Conduit;
import org.maat.policy.ConduitCatalog;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.lang.PolicyPrinter;
import org.maat.policy.monitor.ReferenceMonitor;
import org.maat.policy.templates.PolicyTemplates;

/**
 * The monitor of indexer and search tasks over a data set and an index: the data set's engine
 * (its policies and facts, MAL entries included), which also learns the index policy and the
 * session policy, and a catalog of the data set's conduits followed by the index's file labels.
 */
final class TaskMonitor {

    /** The policy of per-session conduits (a query, a result list): readable by their owner only. */
    static final PolicyId SESSION_POLICY =
            PolicyId.ofCanonicalText(PolicyPrinter.print(PolicyTemplates.policy("private")));

    private TaskMonitor() {
    }

    static ReferenceMonitor over(DataSet data, ConduitCatalog labels) {
        data.engine().intern(IndexLabels.POLICY);
        data.engine().intern(PolicyTemplates.policy("private"));
        CachedCatalog documents = new CachedCatalog(data.policies());
        return new ReferenceMonitor(data.engine(), id -> {
            Optional<Conduit> document = documents.find(id);
            return document.isPresent() ? document : labels.find(id);
        });
    }

    /**
     * As {@link #over}, but every document conduit is seen under the public policy: Thoth's
     * "public" benchmark configuration, where the monitor interposes on everything and every
     * check passes, isolating the cost of interposition from the cost of policies.
     */
    static ReferenceMonitor allPublic(DataSet data, ConduitCatalog labels) {
        ReferenceMonitor real = over(data, labels);
        PolicyId publicPolicy = data.engine().intern(PolicyTemplates.policy("public"));
        CachedCatalog documents = new CachedCatalog(data.policies());
        return new ReferenceMonitor(real.engine(), id -> {
            Optional<Conduit> document = documents.find(id);
            return document.isPresent()
                    ? document.map(c -> new Conduit(c.id(), c.name(), c.owner(), publicPolicy, Map.of("template", "public")))
                    : labels.find(id);
        });
    }
}
