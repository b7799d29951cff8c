package org.maat.core.conduit;

import java.nio.file.Path;

/** A record of the conduit store that fails its checksum or is cut short, with where it is. */
public final class CorruptRecordException extends RuntimeException {

    private final Path segment;
    private final long position;

    public CorruptRecordException(Path segment, long position, String reason) {
        super(segment + " at byte " + position + ": " + reason);
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
