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

    public CorruptRecordException(Path segment, long position, String reason) {
        super("damaged store: " + segment + " at byte " + position + ": " + reason);
        this.segment = segment;
        this.position = position;
    }

    public Path segment() {
        return segment;
    }

    public long position() {
        return position;
    }
}
