package org.maat.core.shard;

/**
 * A shard's monitor refused to release a search's result list (a policy violation inside the
 * shard). Not an I/O error: another replica of the same shard would refuse too, so
 * {@link FanOut} never fails over on it. The message is the monitor's explanation.
 */
public final class ShardRefusedException extends RuntimeException {

    public ShardRefusedException(String message) {
        super(message);
    }

    public ShardRefusedException(String message, Throwable cause) {
        super(message, cause);
    }
}
