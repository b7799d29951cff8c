package org.maat.policy.mal;

import java.io.IOException;

/**
 * A MAL file whose damage a crash cannot explain (any complete line that is not the next good
 * entry, entries missing before its head, a head file that does not match), so it was altered:
 * the log refuses to open rather than drop entries, and leaves the file as it is.
 */
public final class MalLogCorruptedException extends IOException {

    private final VerifyReport report;

    public MalLogCorruptedException(VerifyReport report) {
        super(report.describe() + "; a crash leaves at most a last line without its line end, so this log"
                + " was altered"
                + " (inspect it with 'maat policy log verify " + report.file() + "')");
        if (report.ok()) {
            throw new IllegalArgumentException("a clean report is not corruption");
        }
        this.report = report;
    }

    /** The verification that found the damage. */
    public VerifyReport report() {
        return report;
    }

    /** The first bad line. */
    public VerifyReport.Defect defect() {
        return report.defect().orElseThrow();
    }
}
