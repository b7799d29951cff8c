package org.maat.core.index;

import java.util.Locale;
import java.util.Map;
import org.maat.policy.Conduit;

/**
 * The standard policy template a document conduit was given, as the population records it in the
 * conduit's {@code template} attribute: a base ({@code public}, {@code private}, {@code friends},
 * {@code fof}, {@code mal}) with the {@code +mal} and {@code +censorship} modifiers. The index keeps
 * it in fields so that search tasks can filter by it; the monitor still decides on the policy itself.
 *
 * @param base the base template, or {@link #OTHER} for a policy that is not a standard template
 */
public record AccessTemplate(String base, boolean mal, boolean censored) {

    /** The base of a conduit whose policy is not a standard document template. */
    public static final String OTHER = "other";

    /** The conduit attribute holding the template name. */
    public static final String ATTRIBUTE = "template";

    /** The template of {@code conduit}, from its {@value #ATTRIBUTE} attribute. */
    public static AccessTemplate of(Conduit conduit) {
        return parse(conduit.attributes());
    }

    static AccessTemplate parse(Map<String, String> attributes) {
        String name = attributes.get(ATTRIBUTE);
        return name == null ? new AccessTemplate(OTHER, false, false) : parse(name);
    }

    /** The template named {@code name}, e.g. {@code friends+mal+censorship}. */
    public static AccessTemplate parse(String name) {
        String[] parts = name.toLowerCase(Locale.ROOT).split("\\+");
        String base = isBase(parts[0]) ? parts[0] : OTHER;
        boolean mal = base.equals("mal");
        boolean censored = false;
        for (int i = 1; i < parts.length; i++) {
            switch (parts[i]) {
                case "mal" -> mal = true;
                case "censorship" -> censored = true;
                default -> base = OTHER;
            }
        }
        return new AccessTemplate(base, mal, censored);
    }

    /** Whether {@code name} is a standard base template. */
    private static boolean isBase(String name) {
        return switch (name) {
            case "public", "private", "friends", "fof", "mal" -> true;
            default -> false;
        };
    }

    /**
     * The template whose canonical {@link #name} is exactly {@code name} (e.g. {@code friends+mal+censorship},
     * {@code other}), or empty: the small set of values an index entry's template may take.
     */
    public static java.util.Optional<AccessTemplate> ofCanonicalName(String name) {
        AccessTemplate template = parse(name);
        return template.name().equals(name) ? java.util.Optional.of(template) : java.util.Optional.empty();
    }

    /** The canonical name: base, then {@code +mal}, then {@code +censorship}. */
    public String name() {
        return base + (mal && !base.equals("mal") ? "+mal" : "") + (censored ? "+censorship" : "");
    }
}
