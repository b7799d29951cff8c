package org.maat.vault.acs;

import java.util.List;

/**
 * The answer to a token request: a token ({@code token}, {@code expires} and the {@code owner} account of the
 * object's permissions, null if unknown; HTTP 200) or a pending request ({@code request} and the accounts it is
 * {@code waitingFor}, HTTP 202).
 */
public record TokenGrant(String token, long expires, String owner, String request, List<String> waitingFor) {

    public static TokenGrant issued(String token, long expires, String owner) {
        return new TokenGrant(token, expires, owner, null, List.of());
    }

    public static TokenGrant pending(String request, List<String> waitingFor) {
        return new TokenGrant(null, 0, null, request, List.copyOf(waitingFor));
    }

    public boolean isIssued() {
        return token != null;
    }
}
