package org.maat.core.shard;

import java.io.IOException;

/**
 * A value its holder shares with users for a while: it is closed once the holder has let it go
 * ({@link #release} of the holder's own use) and the last user has released it, never earlier. So
 * a search keeps the readers it started with while a newer publication replaces them for the next one.
 */
final class Shared<T> {

    /** Closes a value when nobody uses it any more. */
    @FunctionalInterface
    interface Closer {
        void close() throws IOException;
    }

    private final T value;
    private final Closer closer;
    /** The holder's use and each user's; 0 once closed. Guarded by this. */
    private int uses = 1;

    Shared(T value, Closer closer) {
        this.value = value;
        this.closer = closer;
    }

    T value() {
        return value;
    }

    /** A new use, unless the value is already closed (then false: take the holder's newer one). */
    synchronized boolean acquire() {
        if (uses == 0) {
            return false;
        }
        uses++;
        return true;
    }

    /** Ends one use; the last one closes the value. */
    void release() throws IOException {
        boolean last;
        synchronized (this) {
            if (uses == 0) {
                throw new IllegalStateException("released more often than acquired");
            }
            last = --uses == 0;
        }
        if (last) {
            closer.close();
        }
    }
}
