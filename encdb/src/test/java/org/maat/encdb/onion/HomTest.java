package org.maat.encdb.onion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.security.SecureRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** Paillier algebra on one 1024-bit key (generated once: the algebra does not depend on the size). */
class HomTest {

    private static final PaillierKeyPair KEYS = Paillier.generate(1024, new SecureRandom());
    private static final Hom HOM = new Hom(KEYS);

    @Property(tries = 200)
    void decryptInvertsEncryptForEveryLong(@ForAll long m) {
        assertThat(HOM.decrypt(HOM.encrypt(m))).isEqualTo(BigInteger.valueOf(m));
    }

    @Property(tries = 200)
    void addingCiphertextsAddsPlaintexts(@ForAll long a, @ForAll long b) {
        byte[] sum = HOM.add(HOM.encrypt(a), HOM.encrypt(b));
        assertThat(HOM.decrypt(sum)).isEqualTo(BigInteger.valueOf(a).add(BigInteger.valueOf(b)));
        assertThat(HOM.decrypt(KEYS.publicKey().add(HOM.encrypt(a), HOM.encrypt(b))))
                .isEqualTo(BigInteger.valueOf(a).add(BigInteger.valueOf(b)));
    }

    @Property(tries = 200)
    void multiplyingByAConstantScalesThePlaintext(@ForAll @IntRange(min = -1_000_000, max = 1_000_000) int m,
                                                  @ForAll @IntRange(min = -1000, max = 1000) int k) {
        assertThat(HOM.decrypt(HOM.multiply(HOM.encrypt(m), k))).isEqualTo(BigInteger.valueOf((long) m * k));
    }

    /**
     * Paillier's textbook decryption, {@code L(c^lambda mod n^2) mu mod n}, written independently of the CRT
     * decryption and of the fixed-base encryption under test.
     */
    private static BigInteger textbookDecrypt(byte[] ct) {
        BigInteger n = KEYS.publicKey().n();
        BigInteger n2 = n.multiply(n);
        BigInteger pm1 = KEYS.p().subtract(BigInteger.ONE);
        BigInteger qm1 = KEYS.q().subtract(BigInteger.ONE);
        BigInteger lambda = pm1.multiply(qm1).divide(pm1.gcd(qm1));
        BigInteger mu = n.add(BigInteger.ONE).modPow(lambda, n2).subtract(BigInteger.ONE).divide(n).modInverse(n);
        BigInteger m = new BigInteger(1, ct).modPow(lambda, n2).subtract(BigInteger.ONE).divide(n).multiply(mu).mod(n);
        return m.compareTo(n.shiftRight(1)) > 0 ? m.subtract(n) : m;
    }

    @Property(tries = 50)
    void ciphertextsDecryptByTheTextbookFormula(@ForAll long m) {
        assertThat(textbookDecrypt(HOM.encrypt(m))).isEqualTo(BigInteger.valueOf(m));
    }

    @Test
    void textbookCiphertextsDecryptAndExtremePlaintextsRoundTrip() {
        BigInteger n = KEYS.publicKey().n();
        BigInteger n2 = n.multiply(n);
        BigInteger half = n.subtract(BigInteger.ONE).shiftRight(1);
        SecureRandom rnd = new SecureRandom();
        for (BigInteger m : new BigInteger[] {BigInteger.ZERO, BigInteger.ONE, BigInteger.valueOf(-1), half,
            half.negate(), BigInteger.valueOf(Long.MIN_VALUE)}) {
            BigInteger r = new BigInteger(n.bitLength() - 1, rnd);
            BigInteger c = n.add(BigInteger.ONE).modPow(m.mod(n), n2).multiply(r.modPow(n, n2)).mod(n2);
            byte[] textbook = KEYS.publicKey().toBytes(c);

            assertThat(HOM.decrypt(textbook)).isEqualTo(m);
            assertThat(HOM.decrypt(HOM.encrypt(m))).isEqualTo(m);
            assertThat(textbookDecrypt(HOM.encrypt(m))).isEqualTo(m);
        }
    }

    @Test
    void sumOfSalariesWithNegativeAdjustmentsComesOutSigned() {
        long[] values = {24000, 17000, -30000, 4800, -20000};
        byte[] total = HOM.encryptZero();
        for (long v : values) {
            total = HOM.add(total, HOM.encrypt(v));
        }
        assertThat(HOM.decrypt(total)).isEqualTo(BigInteger.valueOf(-4200));
    }

    @Test
    void encryptionIsRandomizedAndCiphertextsHaveFixedLength() {
        byte[] a = HOM.encrypt(42);
        byte[] b = HOM.encrypt(42);
        assertThat(a).isNotEqualTo(b).hasSize(KEYS.publicKey().ciphertextLength());
        assertThat(KEYS.publicKey().ciphertextLength()).isEqualTo(256);
        assertThat(HOM.decrypt(HOM.encrypt(0))).isZero();
    }

    @Test
    void valuesBeyondHalfTheModulusAreRejected() {
        BigInteger tooBig = KEYS.publicKey().n().shiftRight(1).add(BigInteger.ONE);
        assertThatThrownBy(() -> HOM.encrypt(tooBig)).hasMessageContaining("signed Paillier plaintext range");
        assertThatThrownBy(() -> HOM.decrypt(new byte[10])).hasMessageContaining("must be 256 bytes");
    }

    @Test
    void pooledInstanceEncryptsTheSameAlgebra() throws Exception {
        try (Hom pooled = new Hom(KEYS, 16)) {
            Thread.sleep(50); // let the pool fill a little; correctness must not depend on it
            for (int i = -20; i < 20; i++) {
                assertThat(HOM.decrypt(pooled.encrypt(i * 1000L))).isEqualTo(BigInteger.valueOf(i * 1000L));
            }
        }
    }

    @Test
    void keyPairAndPublicKeySurviveEncoding() {
        PaillierKeyPair decoded = PaillierKeyPair.decode(KEYS.encoded());
        assertThat(decoded.publicKey()).isEqualTo(KEYS.publicKey());
        assertThat(new Hom(decoded).decrypt(HOM.encrypt(-77))).isEqualTo(BigInteger.valueOf(-77));
        assertThat(PaillierPublicKey.decode(KEYS.publicKey().encoded())).isEqualTo(KEYS.publicKey());
        assertThatThrownBy(() -> PaillierKeyPair.decode(new byte[] {1, 0, 0})).hasMessageContaining("truncated");
        assertThatThrownBy(() -> PaillierKeyPair.decode(new byte[] {9})).hasMessageContaining("format");
    }

    @Test
    void derivedKeyPairsDependOnlyOnTheSeed() {
        byte[] seed = new byte[32];
        seed[0] = 7;
        PaillierKeyPair a = Paillier.derive(512, seed);
        PaillierKeyPair b = Paillier.derive(512, seed.clone());
        seed[0] = 8;
        assertThat(a.publicKey()).isEqualTo(b.publicKey());
        assertThat(Paillier.derive(512, seed).publicKey()).isNotEqualTo(a.publicKey());
        assertThat(a.modulusBits()).isEqualTo(512);
    }

    @Test
    void defaultKeysHaveA2048BitModulusAnd512ByteCiphertexts() {
        PaillierKeyPair keys = Paillier.generate(Paillier.DEFAULT_MODULUS_BITS, new SecureRandom());
        Hom hom = new Hom(keys);
        byte[] ct = hom.encrypt(123_456);

        assertThat(keys.modulusBits()).isEqualTo(2048);
        assertThat(ct).hasSize(512);
        assertThat(hom.decrypt(hom.add(ct, hom.encrypt(-456)))).isEqualTo(BigInteger.valueOf(123_000));
    }
}
