package org.maat.policy.lang;

import java.util.List;
import java.util.stream.Collectors;

/** A policy that parsed but failed the static checks; carries every problem found. */
public final class PolicyCheckException extends IllegalArgumentException {

    private final List<PolicyProblem> problems;

    public PolicyCheckException(List<PolicyProblem> problems) {
        super(problems.stream().map(PolicyProblem::toString).collect(Collectors.joining("\n")));
        this.problems = List.copyOf(problems);
    }

    public List<PolicyProblem> problems() {
        return problems;
    }
}
