package org.maat.policy.eval;

import java.util.function.Supplier;

/**
 * A yes/no decision with the reason a person would want to read. The reason is built only when
 * asked for, so decisions on the hot path cost no string building.
 */
public final class Verdict {

    private final boolean holds;
    private final Supplier<String> reason;

    public Verdict(boolean holds, Supplier<String> reason) {
        this.holds = holds;
        this.reason = reason;
    }

    public Verdict(boolean holds, String reason) {
        this(holds, () -> reason);
    }

    public boolean holds() {
        return holds;
    }

    public String reason() {
        return reason.get();
    }

    @Override
    public String toString() {
        return (holds ? "yes: " : "no: ") + reason();
    }
}
