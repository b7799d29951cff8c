package org.maat.vault.token;

import java.security.PrivateKey;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Base64;
import java.util.HexFormat;
import org.bouncycastle.crypto.params.Ed25519PrivateKeyParameters;

/**
 * An access-control server's token issuer: signs payloads with its Ed25519 key ({@link Ed25519}), as
 * {@code BASE64URL(payload) "." BASE64URL(signature)}. Thread-safe.
 */
public final class TokenSigner {

    /** A token's lifetime unless the request asks for another. */
    public static final long DEFAULT_TTL_SECONDS = 300;
    /** The longest lifetime a token can have. */
    public static final long MAX_TTL_SECONDS = 3600;

    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    private final int issuer;
    private final Ed25519PrivateKeyParameters key;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    public TokenSigner(int issuer, PrivateKey key, Clock clock) {
        this.issuer = issuer;
        this.key = Ed25519.privateKey(key); // a key that cannot sign fails here, not on the first request
        this.clock = clock;
    }

    /** A signed token with the text the client sends and the payload it carries. */
    public record Signed(String text, Token token) {
    }

    /**
     * Issues a token for {@code subject} to do {@code action} on {@code object} for {@code ttlSeconds}.
     *
     * @throws Refusal 400 {@code bad-ttl} unless 1 <= ttlSeconds <= {@link #MAX_TTL_SECONDS}
     */
    public Signed issue(String object, Action action, String subject, long ttlSeconds) {
        if (ttlSeconds < 1 || ttlSeconds > MAX_TTL_SECONDS) {
            throw Refusal.badRequest("bad-ttl", "ttl must be 1.." + MAX_TTL_SECONDS + " seconds, not " + ttlSeconds);
        }
        byte[] id = new byte[16];
        random.nextBytes(id);
        Token token = new Token(issuer, object, action, subject, clock.instant().getEpochSecond() + ttlSeconds,
                HexFormat.of().formatHex(id));
        return new Signed(text(token), token);
    }

    /** The token's text: its payload and this signer's signature over it. */
    public String text(Token token) {
        byte[] payload = token.payload();
        return BASE64URL.encodeToString(payload) + "." + BASE64URL.encodeToString(Ed25519.sign(key, payload));
    }

    public int issuer() {
        return issuer;
    }
}
