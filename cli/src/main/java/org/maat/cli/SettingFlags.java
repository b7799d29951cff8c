package org.maat.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import org.maat.core.InvalidSettingException;

/**
 * A command's flags for the domain settings it passes on: domain code names a bad value by its
 * setting ({@link InvalidSettingException}), and the command says it in the user's terms, e.g.
 * {@code users must be at least 1} becomes {@code --users must be at least 1}.
 */
public final class SettingFlags {

    private final Map<String, String> flags;

    private SettingFlags(Map<String, String> flags) {
        this.flags = flags;
    }

    /** Pairs of setting and flag, e.g. {@code of(PopulationSpec.USERS, "--users", ...)}. */
    public static SettingFlags of(String... settingThenFlag) {
        if (settingThenFlag.length % 2 != 0) {
            throw new IllegalArgumentException("settings and flags come in pairs");
        }
        Map<String, String> flags = new LinkedHashMap<>();
        for (int i = 0; i < settingThenFlag.length; i += 2) {
            flags.put(settingThenFlag[i], settingThenFlag[i + 1]);
        }
        return new SettingFlags(flags);
    }

    /** The error with the setting named by its flag; a setting without a flag keeps its own name. */
    public IllegalArgumentException name(InvalidSettingException e) {
        String flag = flags.get(e.setting());
        return flag == null ? e
                : new IllegalArgumentException(flag + " " + e.reason(s -> flags.getOrDefault(s, s)), e);
    }
}
