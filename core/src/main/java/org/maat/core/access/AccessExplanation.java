package org.maat.core.access;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.maat.policy.audience.Audience;
import org.maat.policy.eval.Explanation;

/**
 * What Maat tells a session about its access to one document (the pages, the JSON API, {@code maat policy
 * explain}): who owns it, under which policy template, the monitor's explanation of the session's read, and
 * for the owner alone who may read it.
 *
 * @param id       the document
 * @param owner    its owner
 * @param template the policy template it was given ({@code friends+censorship}), or its policy id for another policy
 * @param decision the reference monitor's explanation of the read, empty in the {@code --no-policy} baseline
 * @param readers  who may read it, in words; present only when the session is the owner's
 */
public record AccessExplanation(String id, String owner, String template, Optional<Explanation> decision,
                                Optional<Audience> readers) {

    /** Whether the monitor allows the session's read (true in the baseline, which checks nothing). */
    public boolean allowed() {
        return decision.map(Explanation::allowed).orElse(true);
    }

    /** The rule that granted the read, as policy text; empty when none did (or no monitor decided). */
    public Optional<String> grantingRule() {
        return decision.flatMap(Explanation::granting).map(Explanation.RuleTrace::rule);
    }

    /** The literals, with their values, that proved the granting rule. */
    public List<String> because() {
        return decision.flatMap(Explanation::granting).map(Explanation.RuleTrace::heldLiterals).orElse(List.of());
    }

    /** For a refused read: each rule and the literals that failed in it, one line each. */
    public List<String> failures() {
        if (decision.isEmpty() || decision.get().allowed()) {
            return List.of();
        }
        return decision.get().rules().stream()
                .flatMap(r -> Stream.concat(Stream.of("rule " + r.rule() + " fails:"),
                        r.failedLiterals().stream().map(f -> "  " + f)))
                .toList();
    }
}
