package org.maat.disguise;

import java.util.List;

/** A reveal that changed nothing: the bag does not open with the key, is gone, or conflicts with current data. */
public final class RevealRefusedException extends RuntimeException {

    private final List<Conflict> conflicts;

    public RevealRefusedException(String message) {
        this(message, List.of());
    }

    public RevealRefusedException(String message, List<Conflict> conflicts) {
        super(conflicts.isEmpty() ? message : message + ": " + conflicts);
        this.conflicts = List.copyOf(conflicts);
    }

    public List<Conflict> conflicts() {
        return conflicts;
    }
}
