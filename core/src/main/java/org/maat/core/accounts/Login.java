package org.maat.core.accounts;

import java.util.Objects;

/**
 * A generated test login: a principal and its password in clear, as written to {@code logins.txt}.
 *
 * @param user the principal, e.g. {@code u3} or {@code e0}
 * @param password the generated password
 */
public record Login(String user, String password) {

    public Login {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
    }

    @Override
    public String toString() {
        return user + " (password hidden)";
    }
}
