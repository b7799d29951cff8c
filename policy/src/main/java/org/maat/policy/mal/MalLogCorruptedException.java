package org.maat.policy.mal;

import java.io.IOException;

/**
 * A MAL file whose damage a crash cannot explain (a bad entry followed by others, or a whole entry
 * out of place), so it was altered: the log refuses to open rather than drop entries.
 */
public final class MalLogCorruptedException extends IOException {

    private final VerifyReport report;

    public MalLogCorruptedException(VerifyReport report) {
        super(report.describe() + "; a crash damages only the last line, so this log was altered"
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
