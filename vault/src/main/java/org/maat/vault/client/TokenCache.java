package org.maat.vault.client;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Tokens this client holds, per (ACS, object, action), reused until {@link #MARGIN_SECONDS} before they
 * expire (PROTOCOL.md: a token is reusable by its client until {@code exp}), so a warm fetch costs no ACS
 * round trip. A token a storage server refused is forgotten.
 */
final class TokenCache {

    /** A token this close to its expiry is not reused: the request it goes with must still find it valid. */
    static final long MARGIN_SECONDS = 30;

    private record Key(int server, String object, String action) {}

    private record Held(String token, long expires) {}

    private final Map<Key, Held> tokens = new ConcurrentHashMap<>();

    Optional<String> get(int server, String object, String action, Instant now) {
        Held held = tokens.get(new Key(server, object, action));
        if (held == null || held.expires() - MARGIN_SECONDS <= now.getEpochSecond()) {
            return Optional.empty();
        }
        return Optional.of(held.token());
    }

    void put(int server, String object, String action, String token, long expiresEpochSecond) {
        tokens.put(new Key(server, object, action), new Held(token, expiresEpochSecond));
    }

    /** Forgets every server's token for {@code object} and {@code action}. */
    void forget(String object, String action) {
        tokens.keySet().removeIf(k -> k.object().equals(object) && k.action().equals(action));
    }
}
