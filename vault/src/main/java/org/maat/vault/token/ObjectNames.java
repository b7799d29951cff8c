package org.maat.vault.token;

import java.util.regex.Pattern;
import org.maat.vault.config.VaultConfig;

/**
 * The vault's names: a collection or secret name matches {@link VaultConfig#NAME} (no leading '.', so never "."
 * or ".."); the object a permission or token is about is {@code collection:NAME}.
 */
public final class ObjectNames {

    private static final Pattern NAME = VaultConfig.NAME;
    private static final String COLLECTION = "collection:";

    private ObjectNames() {
    }

    /**
     * Returns {@code name} if it is a valid name.
     *
     * @param what what the name names, for the message: "collection", "secret"
     * @throws Refusal 400 {@code bad-name}
     */
    public static String checkName(String what, String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw Refusal.badRequest("bad-name", "a " + what + " name is " + VaultConfig.NAME_RULE + ", not '"
                    + name + "'");
        }
        return name;
    }

    /** The object of collection {@code name}: {@code collection:NAME}. */
    public static String collection(String name) {
        return COLLECTION + checkName("collection", name);
    }

    /**
     * Returns {@code object} if it is {@code collection:NAME} with a valid name.
     *
     * @throws Refusal 400 {@code bad-name}
     */
    public static String checkObject(String object) {
        if (object == null || !object.startsWith(COLLECTION)) {
            throw Refusal.badRequest("bad-name", "an object is collection:NAME, not '" + object + "'");
        }
        checkName("collection", object.substring(COLLECTION.length()));
        return object;
    }
}
