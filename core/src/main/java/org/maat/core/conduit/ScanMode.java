package org.maat.core.conduit;

/** What a scan does with a corrupt or truncated record: stop with an error, or report and skip it. */
public enum ScanMode {
    /** Throw {@link CorruptRecordException} at the first bad record. */
    STRICT,
    /** Report the bad record to the scan's listener and go on with the next one. */
    SKIP
}
