package org.maat.policy.store;

import java.nio.file.Path;

/**
 * The policy store could not do what was asked: its file cannot be opened (locked, not a policy
 * store, unreadable) or a commit failed on the way to disk. The message names the store's file; when
 * the file itself is damaged it starts {@code damaged store: FILE:}, and the store has not written to it.
 */
public class PolicyStoreException extends RuntimeException {

    /** The file is damaged (cut short, overwritten, missing maps): refused as it is, never repaired. */
    public static PolicyStoreException damaged(Path file, String reason, Throwable cause) {
        return new PolicyStoreException("damaged store: " + file + ": " + reason
                + "; restore it from a backup or regenerate it", cause);
    }

    public PolicyStoreException(String message) {
        super(message);
    }

    public PolicyStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
