package org.maat.jmh.report;

/** A JMH result file that is not what {@code -rf json} writes; the message names the file and the entry. */
public final class JmhResultFormatException extends RuntimeException {

    public JmhResultFormatException(String message) {
        super(message);
    }
}
