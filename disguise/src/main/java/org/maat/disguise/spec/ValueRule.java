package org.maat.disguise.spec;

/**
 * How a modified column, or a column of a new pseudoprincipal row, gets its value. Spelled in a spec
 * file as {@code "redact"}, {@code "null"}, {@code "random-text"}, {@code "random-email"},
 * {@code "random-int"}, {@code "new-id"}, {@code "copy"} or {@code "constant:TEXT"}.
 */
public sealed interface ValueRule {

    /** A fixed marker, {@value Redact#TEXT}. */
    record Redact() implements ValueRule {
        public static final String TEXT = "[redacted]";
    }

    record Null() implements ValueRule {
    }

    record RandomText() implements ValueRule {
    }

    record RandomEmail() implements ValueRule {
    }

    record RandomInt() implements ValueRule {
    }

    /** An id not used in the column yet (pseudoprincipal rows' keys). */
    record NewId() implements ValueRule {
    }

    /** The principal's own value (e.g. a NOT NULL job id the pseudoprincipal must have). */
    record Copy() implements ValueRule {
    }

    record Constant(String text) implements ValueRule {
    }
}
