package org.maat.atrest.cipher;

import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Locale;
import javax.crypto.Cipher;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.crypto.engines.ChaChaEngine;
import org.bouncycastle.crypto.macs.Poly1305;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;

/**
 * Not a test: a timing harness (run its main from the test classpath) that chose {@link ChaChaPoly1305}'s
 * implementation. Per 4 KiB block, in one thread after a warm-up, the median of several runs: seal and open with the
 * Bouncy Castle ChaChaEngine + Poly1305 construction it replaced, with the JDK's ChaCha20-Poly1305 (init per call) and
 * with this package's; and the raw keystream limit over a 16 MiB buffer for BC, the JDK and {@link ChaChaKeystream}.
 * Times are this thread's CPU time, variants measured in turns: the machine is shared and its load varies.
 */
final class ChaChaTiming {

    private static final int BLOCK = 4096;
    private static final byte[] KEY = new byte[32];
    private static final byte[] AAD = new byte[41];

    interface Op {
        void run(int i) throws Exception;
    }

    public static void main(String[] args) throws Exception {
        double runSeconds = args.length > 0 ? Double.parseDouble(args[0]) : 0.4;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        Arrays.fill(KEY, (byte) 7);
        byte[] plain = new byte[BLOCK];
        new java.util.Random(1).nextBytes(plain);
        byte[] sealed = new byte[BLOCK + 16];
        byte[] opened = new byte[BLOCK];
        byte[] nonce = new byte[12];

        byte[] big = new byte[16 << 20];
        ChaChaEngine bcRaw = new ChaChaEngine(20);
        bcRaw.init(true, new ParametersWithIV(new KeyParameter(new byte[32]), new byte[8]));
        report("raw BC ChaChaEngine(20), 16 MiB", big.length, runSeconds, runs,
                i -> bcRaw.processBytes(big, 0, big.length, big, 0));
        ChaChaKeystream ours = new ChaChaKeystream(20);
        ours.init(new byte[32], new byte[12], 0); // 16 MiB per call: the counter wraps after 16 GiB, harmless here
        report("raw ChaChaKeystream(20), 16 MiB", big.length, runSeconds, runs,
                i -> ours.xor(big, 0, big.length, big, 0));
        Cipher jdkRaw = Cipher.getInstance("ChaCha20");
        report("raw JDK ChaCha20 (init per 16 MiB), 16 MiB", big.length, runSeconds, runs, i -> {
            nonce(nonce, i);
            jdkRaw.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(KEY, "ChaCha20"), new ChaCha20ParameterSpec(nonce, 1));
            jdkRaw.doFinal(big, 0, big.length, big, 0);
        });

        for (int rounds : new int[] {20, 12, 8}) {
            AtRestCipher cipher = rounds == 20 ? Ciphers.CHACHA20 : rounds == 12 ? Ciphers.CHACHA12 : Ciphers.CHACHA8;
            BcChaChaPoly1305 bc = new BcChaChaPoly1305(rounds);
            report("seal BC chacha" + rounds, BLOCK, runSeconds, runs, i -> {
                nonce(nonce, i);
                bc.seal(KEY, nonce, AAD, plain, sealed);
            });
            byte[] bcNonce = new byte[12];
            byte[] bcSealed = new byte[BLOCK + 16];
            bc.seal(KEY, bcNonce, AAD, plain, bcSealed);
            report("open BC chacha" + rounds, BLOCK, runSeconds, runs,
                    i -> bc.open(KEY, bcNonce, AAD, bcSealed, opened));
            report("seal ours chacha" + rounds, BLOCK, runSeconds, runs, i -> {
                nonce(nonce, i);
                cipher.seal(KEY, nonce, AAD, plain, 0, BLOCK, sealed, 0);
            });
            byte[] ourNonce = new byte[12];
            byte[] ourSealed = new byte[BLOCK + 16];
            cipher.seal(KEY, ourNonce, AAD, plain, 0, BLOCK, ourSealed, 0);
            report("open ours chacha" + rounds, BLOCK, runSeconds, runs,
                    i -> cipher.open(KEY, ourNonce, AAD, ourSealed, 0, ourSealed.length, opened, 0));
        }
        Cipher jdk = Cipher.getInstance("ChaCha20-Poly1305");
        report("seal JDK ChaCha20-Poly1305", BLOCK, runSeconds, runs, i -> {
            nonce(nonce, i);
            jdk.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(KEY, "ChaCha20"), new IvParameterSpec(nonce));
            jdk.updateAAD(AAD);
            jdk.doFinal(plain, 0, BLOCK, sealed, 0);
        });
        // SunJCE refuses to init twice in a row with one key and nonce, in either mode: alternate two blocks.
        byte[][] nonces = {new byte[12], new byte[12]};
        nonces[1][11] = 1;
        byte[][] sealedTwo = new byte[2][BLOCK + 16];
        for (int b = 0; b < 2; b++) {
            Ciphers.CHACHA20.seal(KEY, nonces[b], AAD, plain, 0, BLOCK, sealedTwo[b], 0);
        }
        Cipher jdkOpen = Cipher.getInstance("ChaCha20-Poly1305");
        report("open JDK ChaCha20-Poly1305", BLOCK, runSeconds, runs, i -> {
            jdkOpen.init(Cipher.DECRYPT_MODE, new SecretKeySpec(KEY, "ChaCha20"), new IvParameterSpec(nonces[i & 1]));
            jdkOpen.updateAAD(AAD);
            jdkOpen.doFinal(sealedTwo[i & 1], 0, BLOCK + 16, opened, 0);
        });
        measureAll(runSeconds, runs);
    }

    private static void nonce(byte[] nonce, int i) {
        nonce[4] = (byte) i;
        nonce[5] = (byte) (i >>> 8);
        nonce[6] = (byte) (i >>> 16);
        nonce[7] = (byte) (i >>> 24);
    }

    private static final java.util.List<Object[]> VARIANTS = new java.util.ArrayList<>();
    private static final java.lang.management.ThreadMXBean CPU =
            java.lang.management.ManagementFactory.getThreadMXBean();

    private static void report(String label, int bytesPerCall, double runSeconds, int runs, Op op) {
        VARIANTS.add(new Object[] {label, bytesPerCall, op});
    }

    /**
     * Warms every variant up, then measures them in turns (so a burst of load on this shared machine hits all of
     * them alike), each run about {@code runSeconds} of this thread's CPU time; prints the median per call.
     */
    private static void measureAll(double runSeconds, int runs) throws Exception {
        int n = VARIANTS.size();
        double[][] perCall = new double[n][runs];
        int[] counters = new int[n];
        for (int r = -2; r < runs; r++) {
            for (int v = 0; v < n; v++) {
                Op op = (Op) VARIANTS.get(v)[2];
                long calls = 0;
                long start = CPU.getCurrentThreadCpuTime();
                long end = start + (long) (runSeconds * 1e9);
                long now;
                do {
                    op.run(counters[v]++);
                    calls++;
                    now = CPU.getCurrentThreadCpuTime();
                } while (now < end);
                if (r >= 0) {
                    perCall[v][r] = (now - start) / (double) calls;
                }
            }
        }
        for (int v = 0; v < n; v++) {
            double[] t = perCall[v];
            Arrays.sort(t);
            double median = t[runs / 2];
            int bytes = (Integer) VARIANTS.get(v)[1];
            System.out.printf(Locale.ROOT, "%-45s %10.2f us/call %8.1f MB/s  (runs %.1f .. %.1f MB/s)%n",
                    VARIANTS.get(v)[0], median / 1e3, bytes / median * 1e3, bytes / t[runs - 1] * 1e3,
                    bytes / t[0] * 1e3);
        }
    }

    /** The construction as it was (commit 7d31e8f), for comparison. */
    private static final class BcChaChaPoly1305 {
        private static final byte[] ZEROS = new byte[16];
        private final ChaChaEngine engine;
        private final Poly1305 mac = new Poly1305();
        private final byte[] polyKey = new byte[64];
        private final byte[] tag = new byte[16];

        BcChaChaPoly1305(int rounds) {
            engine = new ChaChaEngine(rounds);
        }

        void seal(byte[] key, byte[] nonce, byte[] aad, byte[] plain, byte[] out) {
            start(key, nonce);
            engine.processBytes(plain, 0, plain.length, out, 0);
            tag(aad, out, plain.length);
            System.arraycopy(tag, 0, out, plain.length, 16);
        }

        void open(byte[] key, byte[] nonce, byte[] aad, byte[] sealed, byte[] out) {
            int length = sealed.length - 16;
            start(key, nonce);
            tag(aad, sealed, length);
            if (!MessageDigest.isEqual(tag, Arrays.copyOfRange(sealed, length, sealed.length))) {
                throw new IllegalStateException("tag");
            }
            engine.processBytes(sealed, 0, length, out, 0);
        }

        private void start(byte[] key, byte[] nonce) {
            byte[] iv = Arrays.copyOfRange(nonce, 4, 12);
            engine.init(true, new ParametersWithIV(new KeyParameter(key), iv));
            long counterHigh = (nonce[0] & 0xffL) | (nonce[1] & 0xffL) << 8 | (nonce[2] & 0xffL) << 16
                    | (nonce[3] & 0xffL) << 24;
            if (counterHigh != 0) {
                engine.seekTo((counterHigh << 32) * 64);
            }
            Arrays.fill(polyKey, (byte) 0);
            engine.processBytes(polyKey, 0, 64, polyKey, 0);
            mac.init(new KeyParameter(polyKey, 0, 32));
        }

        private void tag(byte[] aad, byte[] cipherText, int length) {
            mac.update(aad, 0, aad.length);
            mac.update(ZEROS, 0, (16 - aad.length % 16) % 16);
            mac.update(cipherText, 0, length);
            mac.update(ZEROS, 0, (16 - length % 16) % 16);
            byte[] lengths = new byte[16];
            for (int i = 0; i < 8; i++) {
                lengths[i] = (byte) ((long) aad.length >>> (8 * i));
                lengths[8 + i] = (byte) ((long) length >>> (8 * i));
            }
            mac.update(lengths, 0, 16);
            mac.doFinal(tag, 0);
        }
    }
}
