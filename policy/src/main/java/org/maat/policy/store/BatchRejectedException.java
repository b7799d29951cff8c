package org.maat.policy.store;

/**
 * A batch broke a rule of the store (two conduits with one name, two texts for one policy id). It
 * was rejected before anything was written: the store is exactly as it was before the commit.
 */
public final class BatchRejectedException extends PolicyStoreException {

    public BatchRejectedException(String message) {
        super(message);
    }
}
