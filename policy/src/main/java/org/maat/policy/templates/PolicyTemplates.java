package org.maat.policy.templates;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.maat.policy.lang.AtRestStrength;
import org.maat.policy.lang.Builtin;
import org.maat.policy.lang.Expr;
import org.maat.policy.lang.Permission;
import org.maat.policy.lang.Policy;
import org.maat.policy.lang.PolicyCheckException;
import org.maat.policy.lang.PolicyChecker;
import org.maat.policy.lang.PolicyProblem;
import org.maat.policy.lang.Rule;
import org.maat.policy.lang.Term;

/**
 * Builds the standard policies as text and parses them. A template name is one of
 * {@link StandardPolicy}'s names, optionally followed by modifiers that apply to document policies,
 * in this order: {@code +mal} adds {@code or (sKeyIs(K) and employee(K) and logged(K, this.id))}
 * to the read rule (employees read under mandatory access logging, as in Thoth's full policy mix),
 * and {@code +censorship} adds {@code and not blocked(session.region, this.id)}.
 */
public final class PolicyTemplates {

    public static final String CENSORSHIP = "censorship";
    public static final String MAL = "mal";

    private static final String MAL_CLAUSE = "sKeyIs(K) and employee(K) and logged(K, this.id)";

    private PolicyTemplates() {
    }

    /** Every accepted template name, for help texts. */
    public static String names() {
        return Arrays.stream(StandardPolicy.values()).map(StandardPolicy::templateName)
                .collect(Collectors.joining(", ")) + " (document policies also as NAME+" + MAL + ", NAME+" + CENSORSHIP
                + " and NAME+" + MAL + "+" + CENSORSHIP + ")";
    }

    /** The policy for a template name such as {@code friends} or {@code fof+censorship}. */
    public static Policy policy(String templateName) {
        return PolicyChecker.parseAndCheck(text(templateName));
    }

    /**
     * {@code policy} with {@code and atRestAtLeast("cipher")} appended to its declassify rules: its data may then
     * flow only into files at rest sealed at least that strongly (and into destinations that are no files at
     * rest). Checked like any policy.
     *
     * @throws org.maat.policy.lang.PolicyCheckException when {@code cipher} is no cipher of {@link AtRestStrength}
     */
    public static Policy requiringAtRest(Policy policy, String cipher) {
        Expr.Atom requirement = new Expr.Atom(Builtin.AT_REST_AT_LEAST.predicate(), List.of(new Term.Str(cipher)));
        List<Rule> rules = new ArrayList<>();
        for (Rule rule : policy.rules()) {
            if (rule.permission() != Permission.DECLASSIFY) {
                rules.add(rule);
                continue;
            }
            // Flattened into an existing 'and', so the result has one canonical text (Expr's promise).
            List<Expr> operands = new ArrayList<>(rule.body() instanceof Expr.And and ? and.operands() : List.of(rule.body()));
            operands.add(requirement);
            rules.add(new Rule(Permission.DECLASSIFY, new Expr.And(operands), rule.release()));
        }
        Policy required = new Policy(rules);
        List<PolicyProblem> problems = PolicyChecker.check(required);
        if (!problems.isEmpty()) {
            throw new PolicyCheckException(problems);
        }
        return required;
    }

    public static Policy policy(StandardPolicy template, boolean censored) {
        return PolicyChecker.parseAndCheck(text(template, censored));
    }

    public static String text(String templateName) {
        String[] parts = templateName.split("\\+", -1);
        StandardPolicy template = StandardPolicy.byName(parts[0]);
        boolean mal = parts.length > 1 && parts[1].equals(MAL);
        int next = mal ? 2 : 1;
        boolean censored = parts.length > next && parts[next].equals(CENSORSHIP);
        if (template == null || parts.length != next + (censored ? 1 : 0)) {
            throw new IllegalArgumentException("unknown policy template '" + templateName + "'; known: " + names());
        }
        return text(template, mal, censored);
    }

    public static String text(StandardPolicy template, boolean censored) {
        return text(template, false, censored);
    }

    /** The policy text of {@code template} with the given modifiers (see the class comment). */
    public static String text(StandardPolicy template, boolean mal, boolean censored) {
        if ((censored || mal) && !template.isDocumentPolicy()) {
            throw new IllegalArgumentException("+" + (mal ? MAL : CENSORSHIP) + " modifies document policies only, not '"
                    + template.templateName() + "'");
        }
        String read = mal ? "(" + template.readBody() + ") or (" + MAL_CLAUSE + ")" : template.readBody();
        if (censored) {
            read = "(" + read + ") and not blocked(session.region, this.id)";
        }
        return switch (template) {
            case HISTORY -> "read :- " + read + ";\n"
                    + "update :- sKeyIs(this.owner) and appendOnly();\n"
                    + "declassify :- isAsRestrictive(dest.read, this.read) and destNameIs(\"profile/*\");\n";
            case MAL_LOG -> "read :- " + read + ";\n"
                    + "update :- appendOnly();\n";
            default -> "read :- " + read + ";\n"
                    + "update :- sKeyIs(this.owner);\n"
                    + "declassify :- isAsRestrictive(dest.read, this.read) until ONLY_CND_IDS+;\n";
        };
    }
}
