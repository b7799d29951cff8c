package org.maat.frontend.web;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.Set;
import org.maat.frontend.app.UserSession;

/**
 * A signed-in session as the web layer keeps it (one {@code HttpSession} attribute, set only by sign-in):
 * the account, the roles it held at sign-in, the session's request token that every state-changing request
 * must carry ({@link WebCheckpoint}), and its search session (null on a server that serves only the ERP
 * pages). {@link WebCheckpoint} hands it to the servlets as a request attribute; they never read the
 * {@code HttpSession} themselves.
 */
record SignedIn(String user, Set<String> roles, String token, UserSession search) {

    /** The {@code HttpSession} attribute holding it. */
    static final String SESSION_ATTRIBUTE = "maat.signedIn";
    /** The request attribute {@link WebCheckpoint} puts it in for the servlets. */
    static final String REQUEST_ATTRIBUTE = SignedIn.class.getName();

    private static final SecureRandom RANDOM = new SecureRandom();

    SignedIn {
        roles = Set.copyOf(roles);
    }

    /** A new sign-in of {@code user}, with a fresh random request token (256 bits). */
    static SignedIn start(String user, Set<String> roles, UserSession search) {
        byte[] token = new byte[32];
        RANDOM.nextBytes(token);
        return new SignedIn(user, roles, Base64.getUrlEncoder().withoutPadding().encodeToString(token), search);
    }

    /** Whether the session still stands: its search session, if any, was not ended (e.g. by an account disguise). */
    boolean open() {
        return search == null || !search.isClosed();
    }
}
