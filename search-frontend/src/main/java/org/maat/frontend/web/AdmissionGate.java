package org.maat.frontend.web;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Admits at most {@code active} requests at once; up to {@code queued} more wait, first come first
 * served, each for at most {@code maxWaitMillis}; any other is refused at once. So a refused request
 * learns it within {@code maxWaitMillis}, and an admitted one waited at most that long. Thread-safe.
 */
final class AdmissionGate {

    private final Semaphore slots;
    private final AtomicInteger waiting = new AtomicInteger();
    private final int queued;
    private final long maxWaitMillis;

    AdmissionGate(int active, int queued, long maxWaitMillis) {
        this.slots = new Semaphore(active, true);
        this.queued = queued;
        this.maxWaitMillis = maxWaitMillis;
    }

    /** Whether the caller may proceed; if so it must {@link #leave()} when done. */
    boolean enter() throws InterruptedException {
        // A timed acquire respects the queue's order; a plain tryAcquire() would overtake waiters.
        if (slots.tryAcquire(0, TimeUnit.MILLISECONDS)) {
            return true;
        }
        if (waiting.incrementAndGet() > queued) {
            waiting.decrementAndGet();
            return false;
        }
        try {
            return slots.tryAcquire(maxWaitMillis, TimeUnit.MILLISECONDS);
        } finally {
            waiting.decrementAndGet();
        }
    }

    void leave() {
        slots.release();
    }
}
