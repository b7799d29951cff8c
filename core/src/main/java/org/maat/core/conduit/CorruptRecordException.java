package org.maat.core.conduit;

import java.nio.file.Path;

/**
 * A record of the conduit store that fails its checksum, is cut short or is not the document it was
 * read as (its id inside the record differs), with where it is. Its message starts with
 * {@code damaged store:} and names the segment file and byte position.
 */
public final class CorruptRecordException extends RuntimeException {

    private final Path segment;
    private final long position;
    private final String reason;

    public CorruptRecordException(Path segment, long position, String reason) {
        super("damaged store: " + segment + " at byte " + position + ": " + reason);
        this.segment = segment;
        this.position = position;
        this.reason = reason;
    }

    /** A new exception with this one's file, position and reason, and nothing a holder added to it. */
    public CorruptRecordException copy() {
        return new CorruptRecordException(segment, position, reason);
    }

    public Path segment() {
        return segment;
    }

    public long position() {
        return position;
    }
}
