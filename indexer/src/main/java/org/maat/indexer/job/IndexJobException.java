package org.maat.indexer.job;

import java.io.IOException;

/** The indexer job failed and published nothing; the message says why, with the monitor's denial if it refused. */
public final class IndexJobException extends IOException {

    private final boolean refused;

    IndexJobException(String message, boolean refused) {
        super(message);
        this.refused = refused;
    }

    /** Whether the monitor refused a flow (as opposed to bad data or a crashed task). */
    public boolean refused() {
        return refused;
    }
}
