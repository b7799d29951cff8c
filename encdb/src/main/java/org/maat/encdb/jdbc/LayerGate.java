package org.maat.encdb.jdbc;

import java.sql.SQLException;
import java.sql.SQLTransientException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Keeps peels and the statements that depend on layers apart: a statement runs between
 * {@link #enter()} and {@link #exit()}, and a connection with uncommitted writes holds an entry until
 * it commits or rolls back (its rows were written at the layers of that moment). A peel waits until
 * nothing is inside, and blocks new entries while it runs, so no row is ever written or read at a
 * layer other than the one its plan assumed.
 *
 * <p>Every statement of every connection passes the gate twice, so entering and leaving take no lock
 * while no peel is pending: a statement counts itself in, then looks for a peel; a peel marks itself
 * pending, then looks at the count (both volatile, so one of the two always sees the other). The
 * monitor is used only to wait and to wake.
 */
final class LayerGate {

    private static final long PEEL_WAIT_MS = 30_000;

    private final AtomicInteger inside = new AtomicInteger();
    private volatile boolean peeling;

    void enter() throws SQLException {
        inside.incrementAndGet();
        if (!peeling) {
            return;
        }
        exit(); // a peel is pending: step back out and wait for it
        synchronized (this) {
            while (peeling) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new SQLTransientException("interrupted while a layer was being peeled", e);
                }
            }
            // Under the monitor a peel cannot start (it sets peeling under it), so counting in here is safe.
            inside.incrementAndGet();
        }
    }

    /**
     * Takes another entry for a caller already inside (a statement turning into a transaction's
     * lease): never waits, since no peel can run while the caller is inside.
     */
    void enterAgain() {
        inside.incrementAndGet();
    }

    void exit() {
        if (inside.decrementAndGet() == 0 && peeling) {
            synchronized (this) {
                notifyAll(); // the peel waiting for the last one out
            }
        }
    }

    /** Runs {@code peel} alone; the caller must hold no entry. */
    void peel(Work peel) throws SQLException {
        synchronized (this) {
            long deadline = System.currentTimeMillis() + PEEL_WAIT_MS;
            while (peeling) {
                waitUntil(deadline);
            }
            peeling = true;
            try {
                while (inside.get() > 0) {
                    waitUntil(deadline);
                }
            } catch (SQLException e) {
                peeling = false;
                notifyAll();
                throw e;
            }
        }
        try {
            peel.run();
        } finally {
            synchronized (this) {
                peeling = false;
                notifyAll();
            }
        }
    }

    private void waitUntil(long deadline) throws SQLException {
        long left = deadline - System.currentTimeMillis();
        if (left <= 0) {
            throw new SQLTransientException("a query needs a lower onion layer, but other connections kept "
                    + "transactions open for " + PEEL_WAIT_MS / 1000 + " s; commit them and retry", "40001");
        }
        try {
            wait(left);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLTransientException("interrupted while waiting to peel a layer", e);
        }
    }

    /** Work done while the gate is closed. */
    @FunctionalInterface
    interface Work {
        void run() throws SQLException;
    }
}
