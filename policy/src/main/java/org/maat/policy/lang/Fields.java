package org.maat.policy.lang;

import java.util.Map;
import java.util.Set;

/** The fields a rule may name on {@code this}, {@code session} and {@code dest}. */
public final class Fields {

    /** Fields whose value is one of the conduit's permissions, usable only inside isAsRestrictive. */
    public static final Set<String> PERMISSIONS = Set.of("read", "update", "declassify");

    private static final Map<Term.Scope, Set<String>> KNOWN = Map.of(
            Term.Scope.THIS, Set.of("id", "name", "owner", "read", "update", "declassify"),
            Term.Scope.SESSION, Set.of("principal", "region", "time"),
            Term.Scope.DEST, Set.of("id", "name", "owner", "read", "update", "declassify"));

    private Fields() {
    }

    public static boolean isKnown(Term.Field field) {
        return KNOWN.get(field.scope()).contains(field.name());
    }

    public static Set<String> known(Term.Scope scope) {
        return KNOWN.get(scope);
    }

    /** Whether the field denotes a permission ({@code this.read}, {@code dest.read}, ...). */
    public static boolean isPermission(Term.Field field) {
        return field.scope() != Term.Scope.SESSION && PERMISSIONS.contains(field.name());
    }
}
