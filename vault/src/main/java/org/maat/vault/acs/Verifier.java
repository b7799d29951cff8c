package org.maat.vault.acs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A condition for issuing a token (PROTOCOL.md): satisfied when the caller's account is one of {@code accounts},
 * {@code required} distinct accounts of them have approved (the caller's own counts), and every module passes.
 */
record Verifier(Set<String> accounts, int required, List<VerifierModule> modules) {

    Verifier {
        accounts = Set.copyOf(accounts);
        modules = List.copyOf(modules);
    }

    /** How a verifier judges one request at one moment. */
    enum Outcome {
        SATISFIED,
        /** Approvals are missing: {@link Decision#waitingFor()} names whose. */
        WAITING,
        /** A time window is closed. */
        CLOSED,
        /** The caller's account is not among the verifier's. */
        NOT_MEMBER
    }

    /** An outcome and, when waiting, the accounts whose approval would help, sorted. */
    record Decision(Outcome outcome, List<String> waitingFor) {
    }

    Decision decide(String callerAccount, Set<String> approvals, Instant now) {
        if (!accounts.contains(callerAccount)) {
            return new Decision(Outcome.NOT_MEMBER, List.of());
        }
        for (VerifierModule module : modules) {
            if (module.isClosed(now)) {
                return new Decision(Outcome.CLOSED, List.of());
            }
        }
        Set<String> approved = new HashSet<>(approvals);
        approved.add(callerAccount);
        Set<String> waitingFor = new TreeSet<>();
        long count = accounts.stream().filter(approved::contains).count();
        if (count < required) {
            accounts.stream().filter(a -> !approved.contains(a)).forEach(waitingFor::add);
        }
        for (VerifierModule module : modules) {
            module.awaitedAccount(approved).ifPresent(waitingFor::add);
        }
        return waitingFor.isEmpty() ? new Decision(Outcome.SATISFIED, List.of())
                : new Decision(Outcome.WAITING, new ArrayList<>(waitingFor));
    }

    /**
     * Reads a verifier from the protocol's JSON, checking its accounts against the vault's.
     *
     * @throws org.maat.vault.token.Refusal 400 {@code bad-verifier} or {@code unknown-account}
     */
    static Verifier parse(JsonNode node, Set<String> knownAccounts) {
        if (node == null || !node.isObject()) {
            throw Json.bad("bad-verifier", "a verifier is {\"accounts\": [..], \"required\": N, \"modules\": [..]}");
        }
        JsonNode accountsNode = node.get("accounts");
        if (accountsNode == null || !accountsNode.isArray() || accountsNode.isEmpty()) {
            throw Json.bad("bad-verifier", "a verifier needs a non-empty array 'accounts'");
        }
        Set<String> accounts = new LinkedHashSet<>();
        for (JsonNode account : accountsNode) {
            if (!account.isTextual()) {
                throw Json.bad("bad-verifier", "'accounts' holds account names, not " + account);
            }
            if (knownAccounts != null && !knownAccounts.contains(account.textValue())) {
                throw Json.bad("unknown-account", "the vault has no account '" + account.textValue() + "' (accounts "
                        + new TreeSet<>(knownAccounts) + ")");
            }
            accounts.add(account.textValue());
        }
        JsonNode requiredNode = node.get("required");
        int required = 1;
        if (requiredNode != null) {
            // canConvertToInt first: intValue() of 4294967297 is 1.
            if (!requiredNode.isIntegralNumber() || !requiredNode.canConvertToInt() || requiredNode.intValue() < 1
                    || requiredNode.intValue() > accounts.size()) {
                throw Json.bad("bad-verifier", "'required' must be 1.." + accounts.size() + ", not " + requiredNode);
            }
            required = requiredNode.intValue();
        }
        List<VerifierModule> modules = new ArrayList<>();
        JsonNode modulesNode = node.get("modules");
        if (modulesNode != null && !modulesNode.isNull()) {
            if (!modulesNode.isArray()) {
                throw Json.bad("bad-verifier", "'modules' must be an array");
            }
            for (JsonNode module : modulesNode) {
                VerifierModule parsed = VerifierModule.parse(module);
                for (String account : parsed.accounts()) {
                    if (knownAccounts != null && !knownAccounts.contains(account)) {
                        throw Json.bad("unknown-account", "a module names account '" + account
                                + "', which the vault does not have");
                    }
                }
                modules.add(parsed);
            }
        }
        return new Verifier(accounts, required, modules);
    }

    ObjectNode toJson() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        ArrayNode accountsNode = node.putArray("accounts");
        new TreeSet<>(accounts).forEach(accountsNode::add);
        node.put("required", required);
        ArrayNode modulesNode = node.putArray("modules");
        modules.forEach(m -> modulesNode.add(m.toJson()));
        return node;
    }
}
