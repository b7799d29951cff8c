package org.maat.core.shard;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Proves that a shard request comes from a front-end holding the deployment's {@link ShardSecret}:
 * the front-end signs each request ({@link #sign}) with an HMAC-SHA256 over its method, the
 * protocol's path ({@link ShardProtocol#SEARCH_PATH}, so that a shard behind a path prefix verifies
 * alike), a timestamp, a random nonce and the body, sent as
 * {@code Authorization: Maat-HMAC-SHA256 t=MILLIS,n=NONCE,s=MAC}; the shard checks it ({@link #verify}).
 *
 * <p>Guarantees of {@link #verify}: a request passes only if its MAC matches (compared in constant
 * time), its timestamp is within {@link #WINDOW} of the shard's clock, and its nonce was not seen
 * before within that window, so a captured request cannot be replayed, nor its body, path or method
 * changed. The secret never travels. Not guaranteed: confidentiality (bodies travel in clear on
 * plain HTTP; keep shards on loopback or an internal network) and replay protection across a shard
 * restart within {@link #WINDOW} (nonces are remembered in memory). Thread-safe.
 */
public final class ShardRequestAuth {

    private static final Pattern NONCE = Pattern.compile("[0-9a-f]{32}");
    private static final Pattern SIGNATURE = Pattern.compile("[0-9a-f]{64}");

    /** The header carrying the signature. */
    public static final String HEADER = "Authorization";
    /** Its scheme. */
    public static final String SCHEME = "Maat-HMAC-SHA256";
    /** How far a request's timestamp may be from the shard's clock (either way), and how long nonces are kept. */
    public static final Duration WINDOW = Duration.ofSeconds(30);
    /** The error code of a 401: no credential. */
    public static final String UNAUTHENTICATED = "unauthenticated";
    /** The error code of a 403 for a wrong, stale or replayed credential (the monitor's refusals are {@code refused}). */
    public static final String FORBIDDEN = "forbidden";
    /** Nonces remembered at most; a shard that would remember more refuses until old ones expire. */
    static final int MAX_NONCES = 1_000_000;

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final HexFormat HEX = HexFormat.of();

    /** The outcome of {@link #verify}: accepted, no credential (401), or a wrong one (403), with why. */
    public record Verdict(Kind kind, String reason) {
        public enum Kind { ACCEPTED, MISSING, REFUSED }

        public boolean accepted() {
            return kind == Kind.ACCEPTED;
        }
    }

    private final SecretKeySpec key;
    private final Clock clock;
    private final Map<String, Long> seenNonces = new ConcurrentHashMap<>();
    private final AtomicLong lastPruned = new AtomicLong();

    public ShardRequestAuth(ShardSecret secret) {
        this(secret, Clock.systemUTC());
    }

    /** With the given clock (tests). */
    public ShardRequestAuth(ShardSecret secret, Clock clock) {
        this.key = new SecretKeySpec(Objects.requireNonNull(secret, "secret").key(), "HmacSHA256");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** The {@value #HEADER} header value for a request. */
    public String sign(String method, String path, byte[] body) {
        long time = clock.millis();
        byte[] nonce = new byte[16];
        RANDOM.nextBytes(nonce);
        String n = HEX.formatHex(nonce);
        return SCHEME + " t=" + time + ",n=" + n + ",s=" + HEX.formatHex(mac(method, path, time, n, body));
    }

    /**
     * Checks a request's {@value #HEADER} header ({@code header} null when absent).
     * Consumes its nonce when accepted.
     */
    public Verdict verify(String method, String path, byte[] body, String header) {
        if (header == null || header.isBlank()) {
            return new Verdict(Verdict.Kind.MISSING, "a shard answers only its front-end: the request has no "
                    + HEADER + " header (" + SCHEME + ")");
        }
        String prefix = SCHEME + " ";
        if (!header.startsWith(prefix)) {
            return refused("the " + HEADER + " header is not " + SCHEME);
        }
        String t = null;
        String n = null;
        String s = null;
        for (String part : header.substring(prefix.length()).split(",")) {
            String[] kv = part.strip().split("=", 2);
            if (kv.length == 2) {
                switch (kv[0]) {
                    case "t" -> t = kv[1];
                    case "n" -> n = kv[1];
                    case "s" -> s = kv[1];
                    default -> { }
                }
            }
        }
        if (t == null || n == null || s == null || !NONCE.matcher(n).matches() || !SIGNATURE.matcher(s).matches()) {
            return refused("the " + SCHEME + " credential is malformed (expected t=MILLIS,n=NONCE,s=MAC)");
        }
        long time;
        try {
            time = Long.parseLong(t);
        } catch (NumberFormatException e) {
            return refused("the " + SCHEME + " timestamp is not a number");
        }
        if (!MessageDigest.isEqual(HEX.parseHex(s), mac(method, path, time, n, body))) {
            return refused("the request's signature does not match: not signed with this deployment's shard secret");
        }
        long now = clock.millis();
        if (Math.abs(now - time) > WINDOW.toMillis()) {
            return refused("the request was signed " + (now - time) / 1000 + " s from this shard's clock; at most "
                    + WINDOW.toSeconds() + " s is accepted (a replay, or clocks out of step)");
        }
        forgetExpired(now);
        if (seenNonces.size() >= MAX_NONCES) {
            return refused("too many requests within " + WINDOW.toSeconds() + " s to remember; retry shortly");
        }
        if (seenNonces.putIfAbsent(n, time) != null) {
            return refused("the request was already answered once (a replay)");
        }
        return new Verdict(Verdict.Kind.ACCEPTED, "");
    }

    /** Drops nonces whose timestamps the window already refuses; at most once a second. */
    private void forgetExpired(long now) {
        long last = lastPruned.get();
        if (now - last < 1000 || !lastPruned.compareAndSet(last, now)) {
            return;
        }
        long oldest = now - WINDOW.toMillis() - 1000;
        seenNonces.values().removeIf(time -> time < oldest);
    }

    private static Verdict refused(String reason) {
        return new Verdict(Verdict.Kind.REFUSED, reason);
    }

    private byte[] mac(String method, String path, long time, String nonce, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            mac.update((method + "\n" + path + "\n" + time + "\n" + nonce + "\n").getBytes(StandardCharsets.UTF_8));
            mac.update(body);
            return mac.doFinal();
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HmacSHA256 is unavailable in this JVM", e);
        }
    }
}
