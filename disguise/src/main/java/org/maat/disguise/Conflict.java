package org.maat.disguise;

/**
 * A change a reveal cannot make without overwriting something done since the disguise: {@code target}
 * is the table or data kind, {@code key} the row or item, {@code reason} what happened (an id reused
 * since, a value edited since, a row gone).
 */
public record Conflict(String target, String key, String reason) {

    @Override
    public String toString() {
        return target + " " + key + ": " + reason;
    }
}
