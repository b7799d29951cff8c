package org.maat.vault.acs;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/** A verifier module that passes once a client of {@code account} has approved the request. */
record Approval(String account) implements VerifierModule {

    @Override
    public boolean isClosed(Instant now) {
        return false;
    }

    @Override
    public Optional<String> awaitedAccount(Set<String> approved) {
        return approved.contains(account) ? Optional.empty() : Optional.of(account);
    }

    @Override
    public Set<String> accounts() {
        return Set.of(account);
    }

    @Override
    public ObjectNode toJson() {
        return JsonNodeFactory.instance.objectNode().put("type", "approval").put("account", account);
    }
}
