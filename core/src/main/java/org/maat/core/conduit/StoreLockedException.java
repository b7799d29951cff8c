package org.maat.core.conduit;

import java.io.IOException;
import java.nio.file.Path;

/** Another writer or editor, in this process or another, is changing the conduit store; retry when it is done. */
public final class StoreLockedException extends IOException {

    public StoreLockedException(Path dir) {
        super(dir + ": another writer or editor holds " + StoreLock.FILE + " (one at a time per conduit store)");
    }
}
