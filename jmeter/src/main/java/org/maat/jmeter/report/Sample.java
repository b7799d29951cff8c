package org.maat.jmeter.report;

import java.util.Objects;

/**
 * One JMeter sample: a request that started at {@code timeStamp} (epoch ms) and took {@code elapsed} ms.
 *
 * <p>{@code level} is the load level the sample ran under, the thread group's name: the prefix of JMeter's
 * thread name before its last space ({@code threads-4} for four closed-loop threads, {@code rate-12.5} for an
 * open-model arrival rate of 12.5 requests/s). {@code line} is the sample's line in its CSV file, so later
 * checks can name where a value came from.
 */
public record Sample(long timeStamp, long elapsed, String label, String responseCode, boolean success,
        String threadName, String level, long latency, long line) {

    public Sample {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(responseCode, "responseCode");
        Objects.requireNonNull(threadName, "threadName");
        Objects.requireNonNull(level, "level");
        if (elapsed < 0) {
            throw new IllegalArgumentException("elapsed must be >= 0, got " + elapsed);
        }
    }

    /** The level of a JMeter thread name: everything before its last space (the thread group's name). */
    public static String levelOf(String threadName) {
        int space = threadName.lastIndexOf(' ');
        return space < 0 ? threadName : threadName.substring(0, space);
    }

    /** Epoch ms at which the response completed. */
    public long end() {
        return timeStamp + elapsed;
    }
}
