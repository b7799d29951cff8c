package org.maat.frontend.app;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The open sessions of each user, so that a user's account disguise ends all of them at once: a
 * session left open after its account was deleted would go on writing the user's history (and so
 * put back data the disguise removed). Sessions that ended by logout or expiry are dropped the next
 * time their user signs in or is disguised. Thread-safe.
 */
final class SignedInSessions {

    private final Map<String, Set<UserSession>> byUser = new ConcurrentHashMap<>();

    void add(UserSession session) {
        byUser.compute(session.user(), (user, sessions) -> {
            Set<UserSession> open = sessions == null ? ConcurrentHashMap.newKeySet() : sessions;
            open.removeIf(UserSession::isClosed);
            open.add(session);
            return open;
        });
    }

    /** Ends every open session of {@code user}; returns how many were open. */
    int closeAll(String user) {
        Set<UserSession> sessions = byUser.remove(user);
        if (sessions == null) {
            return 0;
        }
        List<UserSession> open = new ArrayList<>(sessions);
        open.removeIf(UserSession::isClosed);
        open.forEach(UserSession::close);
        return open.size();
    }
}
