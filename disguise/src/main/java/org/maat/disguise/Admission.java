package org.maat.disguise;

import java.util.concurrent.Semaphore;
import java.util.function.Supplier;

/**
 * How many disguise operations (apply, reveal, edit) may run at once over one database: the seed's
 * remedy for an adversarial crowd of disguisers. Disguises are not urgent; normal requests are. With
 * {@link #limitedTo(int) a limit} shared by every {@code JdbcDisguises} of a database, users who delete
 * and restore their accounts at the same time queue behind each other instead of taking every core
 * from the application's normal requests. {@link #unlimited()} admits everything at once.
 */
public final class Admission {

    private static final Admission UNLIMITED = new Admission(null);

    private final Semaphore permits;

    private Admission(Semaphore permits) {
        this.permits = permits;
    }

    public static Admission unlimited() {
        return UNLIMITED;
    }

    /** At most {@code concurrent} operations at once; the others wait their turn, first come first served. */
    public static Admission limitedTo(int concurrent) {
        if (concurrent < 1) {
            throw new IllegalArgumentException("at least one disguise must be admitted at a time, not " + concurrent);
        }
        return new Admission(new Semaphore(concurrent, true));
    }

    /** Runs {@code work} once admitted. */
    public <T> T run(Supplier<T> work) {
        if (permits == null) {
            return work.get();
        }
        permits.acquireUninterruptibly();
        try {
            return work.get();
        } finally {
            permits.release();
        }
    }
}
