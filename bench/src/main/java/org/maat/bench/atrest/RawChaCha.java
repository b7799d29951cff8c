package org.maat.bench.atrest;

import java.security.GeneralSecurityException;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.crypto.Cipher;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.crypto.engines.ChaChaEngine;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.ChaChaKeystream;

/**
 * The limit the volume's ChaCha20 is held to: the fastest bare ChaCha20 keystream this JVM has over one large buffer
 * in memory (no I/O, no authentication, no blocks), of Bouncy Castle's {@code ChaChaEngine(20)}, the JDK's
 * {@code Cipher "ChaCha20"} and Maat's own {@link ChaChaKeystream} (the one the volume seals with); and, for scale, the
 * sealing of 4 KB blocks with a cipher's AEAD construction (keystream and Poly1305, no I/O), the volume's own floor.
 */
final class RawChaCha {

    /** The fastest raw keystream measured: which implementation, and its bytes per second. */
    record Limit(String implementation, double bytesPerSecond) {
    }

    private RawChaCha() {
    }

    /** The fastest of the three keystreams, each over a {@code bufferBytes} buffer for about {@code seconds}. */
    static Limit chacha20Limit(int bufferBytes, double seconds) {
        byte[] buffer = new byte[bufferBytes];
        Map<String, Runnable> keystreams = new LinkedHashMap<>();
        ChaChaEngine bc = new ChaChaEngine(20);
        bc.init(true, new ParametersWithIV(new KeyParameter(new byte[32]), new byte[8]));
        keystreams.put("Bouncy Castle ChaChaEngine(20)", () -> bc.processBytes(buffer, 0, buffer.length, buffer, 0));
        ChaChaKeystream maat = new ChaChaKeystream(20);
        maat.init(new byte[32], new byte[12], 0);
        keystreams.put("Maat ChaChaKeystream(20)", () -> maat.xor(buffer, 0, buffer.length, buffer, 0));
        Cipher jdk = jdkChaCha20();
        keystreams.put("JDK Cipher ChaCha20", () -> {
            try {
                jdk.update(buffer, 0, buffer.length, buffer, 0);
            } catch (ShortBufferException e) {
                throw new IllegalStateException(e); // in place: the output is exactly as long as the input
            }
        });
        Limit best = new Limit("none", 0);
        for (Map.Entry<String, Runnable> e : keystreams.entrySet()) {
            double rate = bytesPerSecond(e.getValue(), buffer.length, seconds);
            if (rate > best.bytesPerSecond()) {
                best = new Limit(e.getKey(), rate);
            }
        }
        return best;
    }

    private static Cipher jdkChaCha20() {
        try {
            Cipher c = Cipher.getInstance("ChaCha20");
            c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[32], "ChaCha20"),
                    new ChaCha20ParameterSpec(new byte[12], 0));
            return c;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JVM has no ChaCha20 cipher", e);
        }
    }

    private static double bytesPerSecond(Runnable pass, int bytesPerPass, double seconds) {
        pass.run(); // warm-up
        long bytes = 0;
        long start = System.nanoTime();
        long deadline = start + (long) (seconds * 1e9);
        long now;
        do {
            pass.run();
            bytes += bytesPerPass;
            now = System.nanoTime();
        } while (now < deadline);
        return bytes / ((now - start) / 1e9);
    }

    /** Bytes per second of sealing 4 KB blocks with {@code cipher} (fresh nonce per block), no I/O. */
    static double sealBytesPerSecond(AtRestCipher cipher, double seconds) {
        byte[] key = new byte[AtRestCipher.KEY_BYTES];
        byte[] nonce = new byte[AtRestCipher.NONCE_BYTES];
        byte[] aad = new byte[32];
        byte[] block = new byte[4096];
        byte[] out = new byte[cipher.sealedLength(block.length)];
        long bytes = 0;
        long start = System.nanoTime();
        long deadline = start + (long) (seconds * 1e9);
        long now;
        int counter = 0;
        do {
            for (int i = 0; i < 64; i++) {
                counter++;
                nonce[4] = (byte) counter;
                nonce[5] = (byte) (counter >>> 8);
                nonce[6] = (byte) (counter >>> 16);
                cipher.seal(key, nonce, aad, block, 0, block.length, out, 0);
                bytes += block.length;
            }
            now = System.nanoTime();
        } while (now < deadline);
        return bytes / ((now - start) / 1e9);
    }
}
