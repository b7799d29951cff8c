package org.maat.cli;

import org.maat.core.conduit.ScanMode;

/** The {@code --on-bad-record fail|skip} flag of the commands that read records. */
public final class BadRecordFlag {

    private BadRecordFlag() {
    }

    public static ScanMode parse(String value) {
        return switch (value) {
            case "fail" -> ScanMode.STRICT;
            case "skip" -> ScanMode.SKIP;
            default -> throw new IllegalArgumentException("--on-bad-record must be fail or skip, not '" + value + "'");
        };
    }
}
