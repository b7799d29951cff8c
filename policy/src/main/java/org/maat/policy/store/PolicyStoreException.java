package org.maat.policy.store;

/**
 * The policy store could not do what was asked: its file cannot be opened (locked, not a policy
 * store, unreadable) or a commit failed on the way to disk. The message names the store's file.
 */
public class PolicyStoreException extends RuntimeException {

    public PolicyStoreException(String message) {
        super(message);
    }

    public PolicyStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
