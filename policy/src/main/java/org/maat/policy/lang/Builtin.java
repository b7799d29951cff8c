package org.maat.policy.lang;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The built-in predicates of the policy language; any other predicate is a fact lookup. */
public enum Builtin {
    S_KEY_IS("sKeyIs", 1, null, true),
    S_REGION_IS("sRegionIs", 1, null, true),
    S_TIME_BEFORE("sTimeBefore", 1, null, false),
    S_TIME_AFTER("sTimeAfter", 1, null, false),
    C_ID_IS("cIdIs", 1, null, true),
    C_NAME_IS("cNameIs", 1, null, false),
    DEST_NAME_IS("destNameIs", 1, Permission.DECLASSIFY, false),
    APPEND_ONLY("appendOnly", 0, Permission.UPDATE, false),
    /** The destination, if a file at rest, is sealed with a cipher at least as strong ({@link AtRestStrength}). */
    AT_REST_AT_LEAST("atRestAtLeast", 1, Permission.DECLASSIFY, false),
    IS_AS_RESTRICTIVE("isAsRestrictive", 2, null, false),
    LT("lt", 2, null, false),
    LE("le", 2, null, false),
    EQ("eq", 2, null, false),
    GE("ge", 2, null, false),
    GT("gt", 2, null, false);

    private static final Map<String, Builtin> BY_NAME = new HashMap<>();

    static {
        for (Builtin b : values()) {
            BY_NAME.put(b.predicate, b);
        }
    }

    private final String predicate;
    private final int arity;
    private final Permission onlyIn;
    private final boolean bindsVariable;

    Builtin(String predicate, int arity, Permission onlyIn, boolean bindsVariable) {
        this.predicate = predicate;
        this.arity = arity;
        this.onlyIn = onlyIn;
        this.bindsVariable = bindsVariable;
    }

    /** The built-in called {@code name}, or null when {@code name} is a fact relation. */
    public static Builtin byName(String name) {
        return BY_NAME.get(name);
    }

    /**
     * The instant a time built-in ({@code sTimeBefore}, {@code sTimeAfter}) compares with: epoch
     * milliseconds or an ISO-8601 instant such as {@code 2026-01-01T00:00:00Z}; empty when
     * {@code value} is neither.
     */
    public static Optional<Instant> instant(String value) {
        try {
            return Optional.of(Instant.ofEpochMilli(new BigDecimal(value).longValueExact()));
        } catch (NumberFormatException | ArithmeticException notMillis) {
            try {
                return Optional.of(Instant.parse(value));
            } catch (DateTimeParseException notIso) {
                return Optional.empty();
            }
        }
    }

    /** The names of every built-in, none of which is a fact relation. */
    public static Set<String> names() {
        return Set.copyOf(BY_NAME.keySet());
    }

    public String predicate() {
        return predicate;
    }

    public int arity() {
        return arity;
    }

    /** The only permission whose rules may use this built-in, or null when any may. */
    public Permission onlyIn() {
        return onlyIn;
    }

    /** Whether an unbound variable argument gets bound (to the session's or conduit's value). */
    public boolean bindsVariable() {
        return bindsVariable;
    }
}
