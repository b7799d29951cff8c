package org.maat.policy;

import org.maat.policy.eval.PolicyEngine;
import org.maat.policy.facts.Fact;
import org.maat.policy.facts.FactIndex;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.monitor.ReferenceMonitor;
import org.maat.policy.templates.PolicyTemplates;

/**
 * A small population for tests: alice is friends with bob, bob with carol (so carol is alice's
 * friend-of-friend), dave is a stranger, erin an employee; region "cn" blocks document doc-blocked.
 */
public final class PolicyWorld {

    public final FactIndex facts = new FactIndex();
    public final PolicyEngine engine = new PolicyEngine(facts);
    public final ConduitMap conduits = new ConduitMap();
    public final ReferenceMonitor monitor = new ReferenceMonitor(engine, conduits);

    public PolicyWorld() {
        facts.add(Fact.of("friend", "alice", "bob"));
        facts.add(Fact.of("friend", "bob", "alice"));
        facts.add(Fact.of("friend", "bob", "carol"));
        facts.add(Fact.of("friend", "carol", "bob"));
        facts.add(Fact.of("employee", "erin"));
        facts.add(Fact.of("blocked", "cn", "doc-blocked"));
    }

    public PolicyId template(String name) {
        return engine.intern(PolicyTemplates.policy(name));
    }

    /** Registers a conduit governed by a standard template. */
    public Conduit conduit(String id, String name, String owner, String template) {
        Conduit c = new Conduit(id, name, owner, template(template));
        return conduits.put(c);
    }

    public Conduit conduit(String id, String owner, String template) {
        return conduit(id, "docs/" + id, owner, template);
    }
}
