package org.maat.policy;

import java.util.Map;
import java.util.Objects;
import org.maat.policy.lang.PolicyId;

/**
 * What the monitor knows of a conduit (a document, an index file, a log, a channel): its id, its
 * name (e.g. {@code profile/alice/history}), its owner, the policy that governs it and free-form
 * attributes. The policy's {@code this.*} fields are read from here.
 */
public record Conduit(String id, String name, String owner, PolicyId policy, Map<String, String> attributes) {

    public Conduit {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(policy, "policy");
        attributes = Map.copyOf(attributes);
    }

    public Conduit(String id, String name, String owner, PolicyId policy) {
        this(id, name, owner, policy, Map.of());
    }
}
