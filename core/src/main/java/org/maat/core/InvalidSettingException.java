package org.maat.core;

import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A setting of a generator, benchmark or job that is out of range, named in the domain's terms
 * ({@code users}, {@code shards}) and never as a command-line flag: the front end that took the value
 * (the cli module's commands) maps {@link #setting()} to its own spelling. The message is the
 * setting followed by the {@link #reason()}. A reason that mentions another setting writes it as
 * {@code {name}}, so the front end spells that one its own way too.
 */
public class InvalidSettingException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;
    private static final Pattern REFERENCE = Pattern.compile("\\{([^{}]+)}");

    private final String setting;
    private final String reason;

    /** E.g. {@code ("users", "must be at least 1, not 0")}. */
    public InvalidSettingException(String setting, String reason) {
        super(setting + " " + spell(reason, UnaryOperator.identity()));
        this.setting = setting;
        this.reason = reason;
    }

    /** What the setting is called in the domain, e.g. {@code users} or {@code MAL accesses}. */
    public String setting() {
        return setting;
    }

    /** What is wrong with it, e.g. {@code must be at least 1, not 0}. */
    public String reason() {
        return spell(reason, UnaryOperator.identity());
    }

    /** The reason with each other setting it mentions spelled by {@code spelling}, e.g. as a flag. */
    public String reason(UnaryOperator<String> spelling) {
        return spell(reason, spelling);
    }

    private static String spell(String reason, UnaryOperator<String> spelling) {
        Matcher m = REFERENCE.matcher(reason);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(spelling.apply(m.group(1))));
        }
        return m.appendTail(out).toString();
    }

    /** Throws for {@code setting} unless {@code ok}. */
    public static void require(boolean ok, String setting, String reason) {
        if (!ok) {
            throw new InvalidSettingException(setting, reason);
        }
    }
}
