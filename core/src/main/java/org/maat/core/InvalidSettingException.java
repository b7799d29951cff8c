package org.maat.core;

/**
 * A setting of a generator, benchmark or job that is out of range, named in the domain's terms
 * ({@code users}, {@code shards}) and never as a command-line flag: the front end that took the value
 * (the cli module's commands) maps {@link #setting()} to its own spelling. The message is the
 * setting followed by the {@link #reason()}.
 */
public class InvalidSettingException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String setting;
    private final String reason;

    /** E.g. {@code ("users", "must be at least 1, not 0")}. */
    public InvalidSettingException(String setting, String reason) {
        super(setting + " " + reason);
        this.setting = setting;
        this.reason = reason;
    }

    /** What the setting is called in the domain, e.g. {@code users} or {@code MAL accesses}. */
    public String setting() {
        return setting;
    }

    /** What is wrong with it, e.g. {@code must be at least 1, not 0}. */
    public String reason() {
        return reason;
    }

    /** Throws for {@code setting} unless {@code ok}. */
    public static void require(boolean ok, String setting, String reason) {
        if (!ok) {
            throw new InvalidSettingException(setting, reason);
        }
    }
}
