package org.maat.vault.token;

import java.security.PublicKey;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.bouncycastle.crypto.params.Ed25519PublicKeyParameters;

/**
 * A storage server's check of the tokens that come with a request (PROTOCOL.md, "Tokens"). A request is
 * authorized when tokens from at least {@code quorum} distinct issuers are valid: signed by the key of the
 * access-control server named in {@code iss}, that server among the collection's, {@code obj} and {@code act}
 * those of the request, {@code sub} the requesting client's fingerprint, and {@code exp} in the future.
 *
 * <p>Otherwise the refusal is 401 when no token is even authentic and current ({@code missing-token},
 * {@code malformed-token}, {@code bad-signature}, {@code expired-token}), and 403 when one is but was issued
 * for something else ({@code wrong-client}, {@code wrong-object}, {@code wrong-action}, {@code wrong-server}) or
 * too few are valid ({@code quorum-not-met}).
 *
 * <p>A token whose signature checked is remembered by its text until it expires, so a reused token costs a
 * map lookup instead of a signature check; the memory holds at most {@code cacheCapacity} tokens (expired ones
 * are dropped first, then all). Expiry is checked on every use, cached or not. Thread-safe.
 */
public final class TokenVerifier {

    /** Tokens remembered per verifier by default: a few minutes of a busy server's distinct tokens. */
    public static final int DEFAULT_CACHE_CAPACITY = 100_000;

    private static final Base64.Decoder BASE64URL = Base64.getUrlDecoder();

    private final Map<Integer, Ed25519PublicKeyParameters> issuerKeys;
    private final Clock clock;
    private final int cacheCapacity;
    private final ConcurrentHashMap<String, Token> authentic = new ConcurrentHashMap<>();

    /**
     * @param issuerKeys every access-control server's token key by server id (from vault.json)
     */
    public TokenVerifier(Map<Integer, PublicKey> issuerKeys, Clock clock, int cacheCapacity) {
        Map<Integer, Ed25519PublicKeyParameters> keys = new java.util.HashMap<>();
        issuerKeys.forEach((id, key) -> keys.put(id, Ed25519.publicKey(key)));
        this.issuerKeys = Map.copyOf(keys);
        this.clock = clock;
        this.cacheCapacity = cacheCapacity;
    }

    /** The tokens of an {@code X-Maat-Tokens} header value (comma-separated); none for null. */
    public static List<String> parseHeader(String header) {
        List<String> tokens = new ArrayList<>();
        if (header != null) {
            for (String part : header.split(",")) {
                String token = part.trim();
                if (!token.isEmpty()) {
                    tokens.add(token);
                }
            }
        }
        return tokens;
    }

    /**
     * Checks a request's tokens; returns the issuers whose tokens are valid (at least {@code quorum} of them).
     *
     * @param issuers the collection's access-control servers
     * @throws Refusal 401 or 403 with the protocol's code, as the class comment says
     */
    public Set<Integer> authorize(List<String> tokens, String object, Action action, String subject,
                                  Set<Integer> issuers, int quorum) {
        if (tokens.isEmpty()) {
            throw Refusal.unauthorized("missing-token", "the request carries no token (header X-Maat-Tokens) for "
                    + action.wireName() + " on " + object);
        }
        Set<Integer> valid = new HashSet<>();
        Refusal unauthorized = null;
        Refusal forbidden = null;
        for (String text : tokens) {
            try {
                valid.add(check(text, object, action, subject, issuers).issuer());
            } catch (Refusal refusal) {
                if (refusal.status() == 403) {
                    forbidden = forbidden == null ? refusal : forbidden;
                } else {
                    unauthorized = unauthorized == null ? refusal : unauthorized;
                }
            }
        }
        if (valid.size() >= quorum) {
            return valid;
        }
        if (!valid.isEmpty()) {
            throw Refusal.forbidden("quorum-not-met", action.wireName() + " on " + object + " needs valid tokens from "
                    + quorum + " of access-control servers " + issuers + "; valid ones came from " + valid
                    + (forbidden != null ? " (another: " + forbidden.getMessage() + ")"
                    : unauthorized != null ? " (another: " + unauthorized.getMessage() + ")" : ""));
        }
        throw forbidden != null ? forbidden : unauthorized;
    }

    /**
     * Checks one token against a request; returns its payload if it is valid.
     *
     * @throws Refusal naming the first check it fails, in the order authentic, current, then issued for this
     *         client, object, action and one of {@code issuers}
     */
    public Token check(String text, String object, Action action, String subject, Set<Integer> issuers) {
        Token token = authentic(text);
        long now = clock.instant().getEpochSecond();
        if (token.expires() <= now) {
            throw Refusal.unauthorized("expired-token", "a token from access-control server " + token.issuer()
                    + " expired " + (now - token.expires()) + " s ago");
        }
        if (!token.subject().equals(subject)) {
            throw Refusal.forbidden("wrong-client", "a token from access-control server " + token.issuer()
                    + " was issued to another client");
        }
        if (!token.object().equals(object)) {
            throw Refusal.forbidden("wrong-object", "a token from access-control server " + token.issuer() + " is for "
                    + token.object() + ", not " + object);
        }
        if (token.action() != action) {
            throw Refusal.forbidden("wrong-action", "a token from access-control server " + token.issuer() + " allows "
                    + token.action().wireName() + ", not " + action.wireName());
        }
        if (!issuers.contains(token.issuer())) {
            throw Refusal.forbidden("wrong-server", "a token is from access-control server " + token.issuer()
                    + ", which is not among " + object + "'s access-control servers " + issuers);
        }
        return token;
    }

    /** The payload of a token whose signature is its issuer's, from the cache or checked now. */
    private Token authentic(String text) {
        Token cached = authentic.get(text);
        if (cached != null) {
            return cached;
        }
        int dot = text.indexOf('.');
        if (dot <= 0 || dot != text.lastIndexOf('.') || dot == text.length() - 1) {
            throw Token.malformed("it is not PAYLOAD.SIGNATURE");
        }
        byte[] payload;
        byte[] signature;
        try {
            payload = BASE64URL.decode(text.substring(0, dot));
            signature = BASE64URL.decode(text.substring(dot + 1));
        } catch (IllegalArgumentException e) {
            throw Token.malformed("it is not base64url");
        }
        Token token = Token.parse(payload);
        Ed25519PublicKeyParameters key = issuerKeys.get(token.issuer());
        if (key == null) {
            throw Refusal.unauthorized("bad-signature", "a token names access-control server " + token.issuer()
                    + ", which this vault does not have (servers " + issuerKeys.keySet() + ")");
        }
        if (!Ed25519.verify(key, payload, signature)) {
            throw Refusal.unauthorized("bad-signature", "a token's signature is not access-control server "
                    + token.issuer() + "'s");
        }
        remember(text, token);
        return token;
    }

    private void remember(String text, Token token) {
        if (authentic.size() >= cacheCapacity) {
            long now = clock.instant().getEpochSecond();
            authentic.values().removeIf(t -> t.expires() <= now);
            if (authentic.size() >= cacheCapacity) {
                authentic.clear();
            }
        }
        authentic.put(text, token);
    }

    /** How many verified tokens are remembered now. */
    int cachedTokens() {
        return authentic.size();
    }
}
