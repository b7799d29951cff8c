package org.maat.policy.templates;

import java.util.Arrays;
import java.util.stream.Collectors;
import org.maat.policy.lang.Policy;
import org.maat.policy.lang.PolicyChecker;

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
