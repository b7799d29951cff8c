package org.maat.vault.token;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.maat.vault.SettableClock;

class TokenVerifierTest {

    private static final String ALICE = "aa".repeat(32);
    private static final String BOB = "bb".repeat(32);
    private static final String ERP = "collection:erp";

    private final SettableClock clock = new SettableClock(Instant.parse("2026-11-25T12:00:00Z"));
    private final KeyPair key1 = ed25519();
    private final KeyPair key2 = ed25519();
    private final KeyPair key3 = ed25519();
    private final TokenSigner acs1 = new TokenSigner(1, key1.getPrivate(), clock);
    private final TokenSigner acs2 = new TokenSigner(2, key2.getPrivate(), clock);
    private final TokenSigner acs3 = new TokenSigner(3, key3.getPrivate(), clock);
    private final TokenVerifier verifier = new TokenVerifier(
            Map.of(1, key1.getPublic(), 2, key2.getPublic(), 3, key3.getPublic()), clock, 1000);

    @Test
    void aSignedTokenVerifiesAndCarriesItsPayload() {
        TokenSigner.Signed signed = acs1.issue(ERP, Action.READ, ALICE, 300);
        Token token = verifier.check(signed.text(), ERP, Action.READ, ALICE, Set.of(1, 2));
        assertThat(token).isEqualTo(signed.token());
        assertThat(token.expires()).isEqualTo(clock.instant().getEpochSecond() + 300);
        assertThat(token.issuer()).isEqualTo(1);
        assertThat(Token.parse(token.payload())).isEqualTo(token);
    }

    @Test
    void signaturesAreTheJdksEd25519Signatures() throws Exception {
        TokenSigner.Signed signed = acs1.issue(ERP, Action.WRITE, ALICE, 300);
        String text = signed.text();
        byte[] payload = Base64.getUrlDecoder().decode(text.substring(0, text.indexOf('.')));
        byte[] signature = Base64.getUrlDecoder().decode(text.substring(text.indexOf('.') + 1));
        assertThat(payload).isEqualTo(signed.token().payload());
        java.security.Signature jdk = java.security.Signature.getInstance("Ed25519");
        jdk.initVerify(key1.getPublic());
        jdk.update(payload);
        assertThat(jdk.verify(signature)).isTrue();
        // And a token the JDK signs is accepted.
        jdk.initSign(key2.getPrivate());
        Token token = new Token(2, ERP, Action.READ, ALICE, clock.instant().getEpochSecond() + 60, "ab");
        jdk.update(token.payload());
        String jdkText = Base64.getUrlEncoder().withoutPadding().encodeToString(token.payload()) + "."
                + Base64.getUrlEncoder().withoutPadding().encodeToString(jdk.sign());
        assertThat(verifier.check(jdkText, ERP, Action.READ, ALICE, Set.of(2))).isEqualTo(token);
    }

    @Test
    void twoTokensForTheSameRequestDiffer() {
        assertThat(acs1.issue(ERP, Action.READ, ALICE, 300).text())
                .isNotEqualTo(acs1.issue(ERP, Action.READ, ALICE, 300).text());
    }

    @Test
    void aSignatureByAnotherKeyIsBadSignature() {
        // ACS 2's key signing a payload that claims issuer 1.
        Token claimsOne = new Token(1, ERP, Action.READ, ALICE, clock.instant().getEpochSecond() + 60, "00");
        assertRefused(() -> verifier.check(acs2.text(claimsOne), ERP, Action.READ, ALICE, Set.of(1)),
                401, "bad-signature");
    }

    @Test
    void anAlteredPayloadIsBadSignature() {
        String text = acs1.issue(ERP, Action.READ, ALICE, 300).text();
        String payload = new String(Base64.getUrlDecoder().decode(text.substring(0, text.indexOf('.'))),
                StandardCharsets.UTF_8);
        String altered = payload.replace("collection:erp", "collection:hr");
        assertThat(altered).isNotEqualTo(payload);
        String forged = Base64.getUrlEncoder().withoutPadding().encodeToString(altered.getBytes(StandardCharsets.UTF_8))
                + text.substring(text.indexOf('.'));
        assertRefused(() -> verifier.check(forged, "collection:hr", Action.READ, ALICE, Set.of(1)),
                401, "bad-signature");
    }

    @Test
    void aTruncatedSignatureIsBadSignature() {
        String text = acs1.issue(ERP, Action.READ, ALICE, 300).text();
        assertRefused(() -> verifier.check(text.substring(0, text.length() - 4), ERP, Action.READ, ALICE, Set.of(1)),
                401, "bad-signature");
    }

    @Test
    void anUnknownIssuerIsBadSignature() {
        TokenSigner acs9 = new TokenSigner(9, ed25519().getPrivate(), clock);
        assertRefused(() -> verifier.check(acs9.issue(ERP, Action.READ, ALICE, 60).text(), ERP, Action.READ, ALICE,
                Set.of(9)), 401, "bad-signature");
    }

    @Test
    void garbageIsMalformed() {
        for (String text : List.of("abc", "abc.", ".abc", "a.b.c", "!!!.???", b64("not json") + ".AAAA",
                b64("{\"iss\":\"one\"}") + ".AAAA", b64("{\"iss\":1,\"exp\":5,\"obj\":\"x\",\"act\":\"fly\","
                        + "\"sub\":\"s\",\"jti\":\"j\"}") + ".AAAA")) {
            assertRefused(() -> verifier.check(text, ERP, Action.READ, ALICE, Set.of(1)), 401, "malformed-token");
        }
    }

    @Test
    void anExpiredTokenIsRefusedEvenWhenCached() {
        String text = acs1.issue(ERP, Action.READ, ALICE, 60).text();
        verifier.check(text, ERP, Action.READ, ALICE, Set.of(1));
        assertThat(verifier.cachedTokens()).isEqualTo(1);
        clock.advance(Duration.ofSeconds(60));
        assertRefused(() -> verifier.check(text, ERP, Action.READ, ALICE, Set.of(1)), 401, "expired-token");
    }

    @Test
    void aTokenForAnotherObjectActionClientOrServerIsForbidden() {
        String text = acs1.issue(ERP, Action.READ, ALICE, 60).text();
        assertRefused(() -> verifier.check(text, "collection:hr", Action.READ, ALICE, Set.of(1)), 403, "wrong-object");
        assertRefused(() -> verifier.check(text, ERP, Action.WRITE, ALICE, Set.of(1)), 403, "wrong-action");
        assertRefused(() -> verifier.check(text, ERP, Action.READ, BOB, Set.of(1)), 403, "wrong-client");
        assertRefused(() -> verifier.check(text, ERP, Action.READ, ALICE, Set.of(2, 3)), 403, "wrong-server");
    }

    @Test
    void aQuorumCountsDistinctIssuers() {
        String one = acs1.issue(ERP, Action.READ, ALICE, 60).text();
        String oneAgain = acs1.issue(ERP, Action.READ, ALICE, 60).text();
        String two = acs2.issue(ERP, Action.READ, ALICE, 60).text();
        Set<Integer> acs = Set.of(1, 2, 3);
        assertThat(verifier.authorize(List.of(one, two), ERP, Action.READ, ALICE, acs, 2)).containsExactlyInAnyOrder(1, 2);
        assertRefused(() -> verifier.authorize(List.of(one, oneAgain), ERP, Action.READ, ALICE, acs, 2),
                403, "quorum-not-met");
        String twoForBob = acs2.issue(ERP, Action.READ, BOB, 60).text();
        assertRefused(() -> verifier.authorize(List.of(one, twoForBob), ERP, Action.READ, ALICE, acs, 2),
                403, "quorum-not-met");
    }

    @Test
    void withNoValidTokenTheRefusalSaysWhy() {
        assertRefused(() -> verifier.authorize(List.of(), ERP, Action.READ, ALICE, Set.of(1), 1), 401, "missing-token");
        assertRefused(() -> verifier.authorize(TokenVerifier.parseHeader(" , "), ERP, Action.READ, ALICE, Set.of(1), 1),
                401, "missing-token");
        String forBob = acs1.issue(ERP, Action.READ, BOB, 60).text();
        // An authentic token for someone else says more than a malformed one.
        assertRefused(() -> verifier.authorize(List.of("junk", forBob), ERP, Action.READ, ALICE, Set.of(1), 1),
                403, "wrong-client");
        assertRefused(() -> verifier.authorize(List.of("junk"), ERP, Action.READ, ALICE, Set.of(1), 1),
                401, "malformed-token");
    }

    @Test
    void theHeaderIsSplitOnCommas() {
        assertThat(TokenVerifier.parseHeader("a.b, c.d,,e.f ")).containsExactly("a.b", "c.d", "e.f");
        assertThat(TokenVerifier.parseHeader(null)).isEmpty();
    }

    @Test
    void theCacheStaysWithinItsCapacity() {
        TokenVerifier small = new TokenVerifier(Map.of(1, key1.getPublic()), clock, 4);
        for (int i = 0; i < 10; i++) {
            small.check(acs1.issue(ERP, Action.READ, ALICE, 60).text(), ERP, Action.READ, ALICE, Set.of(1));
            assertThat(small.cachedTokens()).isBetween(1, 4);
        }
    }

    @Test
    void aTtlOutsideTheLimitsIsRefused() {
        assertRefused(() -> acs1.issue(ERP, Action.READ, ALICE, 0), 400, "bad-ttl");
        assertRefused(() -> acs1.issue(ERP, Action.READ, ALICE, TokenSigner.MAX_TTL_SECONDS + 1), 400, "bad-ttl");
    }

    private static String b64(String text) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    static void assertRefused(ThrowingCallable call, int status, String code) {
        assertThatThrownBy(call).isInstanceOfSatisfying(Refusal.class, r -> {
            assertThat(r.code()).as("code of %s", r).isEqualTo(code);
            assertThat(r.status()).as("status of %s", r).isEqualTo(status);
        });
    }

    static KeyPair ed25519() {
        try {
            return KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
