package org.maat.policy.mal;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The child process of {@link MalLogCrashIT}: appends to the log at {@code args[0]} forever,
 * printing {@code ACK <sequence>} once each append has returned, until it is killed. Entry
 * contents are a function of the sequence number, so the parent can check what survived.
 */
public final class MalAppendLoop {

    private MalAppendLoop() {
    }

    public static void main(String[] args) throws IOException {
        try (MalLog log = MalLog.open(Path.of(args[0]))) {
            while (true) {
                long sequence = log.size();
                MalEntry entry = log.append(principal(sequence), conduitId(sequence), reason(sequence));
                if (entry.sequence() != sequence) {
                    throw new IllegalStateException("expected sequence " + sequence + ", got " + entry.sequence());
                }
                System.out.println("ACK " + sequence);
                System.out.flush();
            }
        }
    }

    static String principal(long sequence) {
        return "emp-" + sequence % 7;
    }

    static String conduitId(long sequence) {
        return "doc-" + sequence;
    }

    /** Varying lengths so that lines straddle the reader's buffer boundaries. */
    static String reason(long sequence) {
        return "case " + sequence + "\n\tünïcødé " + "x".repeat((int) (sequence * 37 % 700));
    }
}
