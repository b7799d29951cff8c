package org.maat.vault.token;

import java.util.Locale;

/** What a token allows on an object; its wire name is the lower-case constant name. */
public enum Action {
    READ, WRITE, CREATE, DELETE;

    /** The name in tokens, permissions and requests: {@code read}, {@code write}, {@code create}, {@code delete}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The action of a wire name.
     *
     * @throws Refusal 400 {@code bad-action} for any other text
     */
    public static Action parse(String wireName) {
        for (Action action : values()) {
            if (action.wireName().equals(wireName)) {
                return action;
            }
        }
        throw Refusal.badRequest("bad-action", "unknown action '" + wireName + "': expected read, write, create or delete");
    }
}
