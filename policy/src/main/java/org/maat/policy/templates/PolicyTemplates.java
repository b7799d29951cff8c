package org.maat.policy.templates;

import java.util.Arrays;
import java.util.stream.Collectors;
import org.maat.policy.lang.Policy;
import org.maat.policy.lang.PolicyChecker;

/**
 * Builds the standard policies as text and parses them. A template name is one of
 * {@link StandardPolicy}'s names, optionally followed by {@code +censorship}, which adds
 * {@code and not blocked(session.region, this.id)} to the read rule of a document policy.
 */
public final class PolicyTemplates {

    public static final String CENSORSHIP = "censorship";

    private PolicyTemplates() {
    }

    /** Every accepted template name, for help texts. */
    public static String names() {
        return Arrays.stream(StandardPolicy.values()).map(StandardPolicy::templateName)
                .collect(Collectors.joining(", ")) + " (document policies also as NAME+" + CENSORSHIP + ")";
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
        if (template == null || parts.length > 2 || (parts.length == 2 && !parts[1].equals(CENSORSHIP))) {
            throw new IllegalArgumentException("unknown policy template '" + templateName + "'; known: " + names());
        }
        return text(template, parts.length == 2);
    }

    public static String text(StandardPolicy template, boolean censored) {
        if (censored && !template.isDocumentPolicy()) {
            throw new IllegalArgumentException("censorship modifies document policies only, not '"
                    + template.templateName() + "'");
        }
        String read = censored
                ? "(" + template.readBody() + ") and not blocked(session.region, this.id)"
                : template.readBody();
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
