package org.maat.policy.lang;

import java.math.BigDecimal;
import java.util.Objects;

/** An argument of an atom: a variable, a string, a number or a field of {@code this}, {@code session} or {@code dest}. */
public sealed interface Term {

    /** An upper-case identifier, bound by unification. */
    record Variable(String name) implements Term {
        public Variable {
            Objects.requireNonNull(name, "name");
        }
    }

    /** A double-quoted string constant. */
    record Str(String value) implements Term {
        public Str {
            Objects.requireNonNull(value, "value");
        }
    }

    /** A decimal constant; its canonical text is {@link BigDecimal#toPlainString()}. */
    record Num(BigDecimal value) implements Term {
        public Num {
            Objects.requireNonNull(value, "value");
        }
    }

    /** {@code this.owner}, {@code session.region}, {@code dest.read}, ... */
    record Field(Scope scope, String name) implements Term {
        public Field {
            Objects.requireNonNull(scope, "scope");
            Objects.requireNonNull(name, "name");
        }
    }

    /** The three objects a rule can name fields of. */
    enum Scope {
        THIS("this"), SESSION("session"), DEST("dest");

        private final String keyword;

        Scope(String keyword) {
            this.keyword = keyword;
        }

        public String keyword() {
            return keyword;
        }

        public static Scope ofKeyword(String keyword) {
            for (Scope s : values()) {
                if (s.keyword.equals(keyword)) {
                    return s;
                }
            }
            return null;
        }
    }
}
