package org.maat.atrest.cipher.freestyle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.BlockAuthenticationException;
import org.maat.atrest.cipher.Ciphers;

class FreestylePoly1305Test {

    private static final List<AtRestCipher> FREESTYLE =
            List.of(Ciphers.FREESTYLE_FAST, Ciphers.FREESTYLE_BALANCED, Ciphers.FREESTYLE_STRONG);

    private final Random random = new Random(16);

    @Test
    void everyLengthUpTo300And4096RoundTripsInEveryConfiguration() throws Exception {
        byte[] key = bytes(32);
        byte[] aad = "file/block".getBytes(StandardCharsets.US_ASCII);
        for (AtRestCipher cipher : FREESTYLE) {
            List<Integer> lengths = new ArrayList<>();
            for (int n = 0; n <= 300; n++) {
                lengths.add(n);
            }
            lengths.add(4096);
            for (int n : lengths) {
                byte[] nonce = bytes(12);
                byte[] plain = bytes(n);
                // Offsets on both sides, so no code path assumes a block starts an array.
                byte[] sealed = new byte[3 + cipher.sealedLength(n) + 5];
                int s = cipher.seal(key, nonce, aad, plain, 0, n, sealed, 3);
                assertThat(s).as(cipher + "/" + n).isEqualTo(cipher.sealedLength(n));
                byte[] opened = new byte[n + 7];
                assertThat(cipher.open(key, nonce, aad, sealed, 3, s, opened, 7)).isEqualTo(n);
                assertThat(Arrays.copyOfRange(opened, 7, 7 + n)).as(cipher + "/" + n).isEqualTo(plain);
            }
        }
    }

    @Test
    void sealedLengthIsTheInitHashesOneHashPerBlockTheDataAndTheTag() {
        assertThat(Ciphers.FREESTYLE_FAST.sealedLength(0)).isEqualTo(28 + 16);
        assertThat(Ciphers.FREESTYLE_FAST.sealedLength(1)).isEqualTo(28 + 1 + 1 + 16);
        assertThat(Ciphers.FREESTYLE_BALANCED.sealedLength(64)).isEqualTo(28 + 1 + 64 + 16);
        assertThat(Ciphers.FREESTYLE_STRONG.sealedLength(65)).isEqualTo(28 + 2 + 65 + 16);
        assertThat(Ciphers.FREESTYLE_STRONG.sealedLength(4096)).isEqualTo(28 + 64 + 4096 + 16);
    }

    @Test
    void equalPlaintextsSealDifferentlyEachTime() throws Exception {
        byte[] key = bytes(32);
        byte[] nonce = bytes(12);
        byte[] plain = new byte[4096];
        for (AtRestCipher cipher : FREESTYLE) {
            byte[] a = new byte[cipher.sealedLength(plain.length)];
            byte[] b = new byte[a.length];
            cipher.seal(key, nonce, new byte[0], plain, 0, plain.length, a, 0);
            cipher.seal(key, nonce, new byte[0], plain, 0, plain.length, b, 0);
            int differing = 0;
            for (int i = 0; i < a.length; i++) {
                differing += a[i] != b[i] ? 1 : 0;
            }
            // Random round counts change almost every 64-byte block: far more than a few bytes must differ.
            assertThat(differing).as(cipher.name()).isGreaterThan(a.length / 2);
            byte[] out = new byte[plain.length];
            assertThat(cipher.open(key, nonce, new byte[0], a, 0, a.length, out, 0)).isEqualTo(plain.length);
            assertThat(out).isEqualTo(plain);
            assertThat(cipher.open(key, nonce, new byte[0], b, 0, b.length, out, 0)).isEqualTo(plain.length);
            assertThat(out).isEqualTo(plain);
        }
    }

    @Test
    void theWrongKeyNonceOrAssociatedDataIsRefused() {
        byte[] key = bytes(32);
        byte[] nonce = bytes(12);
        byte[] aad = bytes(13);
        byte[] plain = bytes(200);
        for (AtRestCipher cipher : FREESTYLE) {
            byte[] sealed = new byte[cipher.sealedLength(plain.length)];
            int n = cipher.seal(key, nonce, aad, plain, 0, plain.length, sealed, 0);
            byte[] otherKey = key.clone();
            otherKey[31] ^= (byte) 0x80;
            byte[] otherNonce = nonce.clone();
            otherNonce[0] ^= 1;
            byte[] otherAad = aad.clone();
            otherAad[12] ^= 1;
            byte[] out = new byte[n];
            // A key guess is refused by the pepper search, not by a cheap tag check ahead of it: the guess pays
            // Freestyle's key-guessing penalty.
            assertThatThrownBy(() -> cipher.open(otherKey, nonce, aad, sealed, 0, n, out, 0))
                    .isInstanceOf(BlockAuthenticationException.class).hasMessageContaining("no pepper");
            assertThatThrownBy(() -> cipher.open(key, otherNonce, aad, sealed, 0, n, out, 0))
                    .isInstanceOf(BlockAuthenticationException.class);
            assertThatThrownBy(() -> cipher.open(key, nonce, otherAad, sealed, 0, n, out, 0))
                    .isInstanceOf(BlockAuthenticationException.class);
            assertThatThrownBy(() -> cipher.open(key, nonce, new byte[0], sealed, 0, n, out, 0))
                    .isInstanceOf(BlockAuthenticationException.class);
        }
    }

    @Test
    void aFlippedBitAnywhereIsRefused() {
        byte[] key = bytes(32);
        byte[] nonce = bytes(12);
        byte[] aad = bytes(20);
        byte[] plain = bytes(130);
        for (AtRestCipher cipher : FREESTYLE) {
            byte[] sealed = new byte[cipher.sealedLength(plain.length)];
            int n = cipher.seal(key, nonce, aad, plain, 0, plain.length, sealed, 0);
            // Every byte (init hashes, block hashes, ciphertext, tag), a different bit of each.
            for (int i = 0; i < n; i++) {
                byte[] bad = sealed.clone();
                bad[i] ^= (byte) (1 << (i % 8));
                assertThatThrownBy(() -> cipher.open(key, nonce, aad, bad, 0, n, new byte[n], 0))
                        .as(cipher + " byte " + i).isInstanceOf(BlockAuthenticationException.class);
            }
        }
    }

    @Test
    void aTruncatedOrExtendedBlockIsRefused() {
        byte[] key = bytes(32);
        byte[] nonce = bytes(12);
        AtRestCipher cipher = Ciphers.FREESTYLE_FAST;
        byte[] sealed = new byte[cipher.sealedLength(100) + 1];
        int n = cipher.seal(key, nonce, new byte[0], bytes(100), 0, 100, sealed, 0);
        for (int length : new int[] {0, 10, 44, n - 1, n + 1}) {
            assertThatThrownBy(() -> cipher.open(key, nonce, new byte[0], sealed, 0, length, new byte[n], 0))
                    .as("length " + length).isInstanceOf(BlockAuthenticationException.class);
        }
    }

    @Test
    void sealAndOpenWorkInPlace() throws Exception {
        byte[] key = bytes(32);
        byte[] nonce = bytes(12);
        for (AtRestCipher cipher : FREESTYLE) {
            byte[] plain = bytes(777);
            byte[] buffer = Arrays.copyOf(plain, cipher.sealedLength(plain.length));
            int n = cipher.seal(key, nonce, new byte[0], buffer, 0, plain.length, buffer, 0);
            assertThat(cipher.open(key, nonce, new byte[0], buffer, 0, n, buffer, 0)).isEqualTo(plain.length);
            assertThat(Arrays.copyOf(buffer, plain.length)).isEqualTo(plain);
        }
    }

    @Test
    void threadsSealAndOpenAtOnce() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                AtRestCipher cipher = FREESTYLE.get(t % 3);
                long seed = t;
                results.add(pool.submit(() -> {
                    Random r = new Random(seed);
                    for (int i = 0; i < 10; i++) {
                        byte[] key = new byte[32];
                        byte[] nonce = new byte[12];
                        byte[] plain = new byte[r.nextInt(5000)];
                        r.nextBytes(key);
                        r.nextBytes(nonce);
                        r.nextBytes(plain);
                        byte[] sealed = new byte[cipher.sealedLength(plain.length)];
                        int n = cipher.seal(key, nonce, new byte[0], plain, 0, plain.length, sealed, 0);
                        byte[] out = new byte[plain.length];
                        cipher.open(key, nonce, new byte[0], sealed, 0, n, out, 0);
                        if (!Arrays.equals(out, plain)) {
                            return false;
                        }
                    }
                    return true;
                }));
            }
            for (Future<Boolean> f : results) {
                assertThat(f.get()).isTrue();
            }
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void theRegistryOrdersFreestyleAboveChaCha20() {
        assertThat(Ciphers.byName("freestyle-fast")).isSameAs(Ciphers.FREESTYLE_FAST);
        assertThat(Ciphers.byName("Freestyle-Balanced")).isSameAs(Ciphers.FREESTYLE_BALANCED);
        assertThat(Ciphers.byId(6)).containsSame(Ciphers.FREESTYLE_STRONG);
        assertThat(Ciphers.all()).extracting(AtRestCipher::name).containsExactly("chacha8", "chacha12", "chacha20",
                "freestyle-fast", "freestyle-balanced", "freestyle-strong");
        assertThat(FREESTYLE).extracting(AtRestCipher::id).containsExactly(4, 5, 6);
        assertThat(FREESTYLE).extracting(AtRestCipher::rounds).containsExactly(14.0, 20.0, 28.0);
    }

    @Test
    void randomizationGrowsFromFastToStrongAndStrongIsOne() {
        double fast = Ciphers.FREESTYLE_FAST.randomization();
        double balanced = Ciphers.FREESTYLE_BALANCED.randomization();
        double strong = Ciphers.FREESTYLE_STRONG.randomization();
        // (log2 4 + 8) / (log2 5 + 12), (log2 5 + 10) / (log2 5 + 12), 1.
        double log5 = Math.log(5) / Math.log(2);
        assertThat(fast).isCloseTo(10 / (log5 + 12), org.assertj.core.data.Offset.offset(1e-12));
        assertThat(balanced).isCloseTo((log5 + 10) / (log5 + 12), org.assertj.core.data.Offset.offset(1e-12));
        assertThat(strong).isEqualTo(1.0);
        assertThat(Ciphers.CHACHA20.randomization()).isLessThan(fast);
    }

    private byte[] bytes(int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }
}
