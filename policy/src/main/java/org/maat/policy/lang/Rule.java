package org.maat.policy.lang;

import java.util.Objects;

/** {@code perm :- body [until release];}. {@code release} is null when there is no {@code until}. */
public record Rule(Permission permission, Expr body, Release release) {

    public Rule {
        Objects.requireNonNull(permission, "permission");
        Objects.requireNonNull(body, "body");
    }

    public Rule(Permission permission, Expr body) {
        this(permission, body, null);
    }
}
