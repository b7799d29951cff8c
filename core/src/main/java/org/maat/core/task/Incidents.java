package org.maat.core.task;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Incident ids: what the runtime names a withheld failure by, in its text to the caller and in the operator
 * log, so the two can be matched without the failure's own text crossing anywhere. Random, ten hex digits.
 */
public final class Incidents {

    private Incidents() {
    }

    /** A fresh incident id, e.g. {@code 9f3a61c0d2}. */
    public static String next() {
        return Long.toHexString(ThreadLocalRandom.current().nextLong() | Long.MIN_VALUE).substring(0, 10);
    }
}
