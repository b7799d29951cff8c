package org.maat.bench.atrest;

import org.bouncycastle.crypto.engines.ChaChaEngine;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.maat.atrest.cipher.AtRestCipher;

/**
 * The limit the volume's ChaCha20 is held to: Bouncy Castle's {@code ChaChaEngine(20)} over one large buffer in
 * memory, no I/O, no authentication, no blocks; and, for scale, the sealing of 4 KB blocks with a cipher's AEAD
 * construction (keystream and Poly1305, no I/O), which is the volume's own floor.
 */
final class RawChaCha {

    private RawChaCha() {
    }

    /** Bytes per second of the bare ChaCha20 keystream XOR over a {@code bufferBytes} buffer for about {@code seconds}. */
    static double chacha20BytesPerSecond(int bufferBytes, double seconds) {
        ChaChaEngine engine = new ChaChaEngine(20);
        engine.init(true, new ParametersWithIV(new KeyParameter(new byte[32]), new byte[8]));
        byte[] buffer = new byte[bufferBytes];
        engine.processBytes(buffer, 0, buffer.length, buffer, 0); // warm-up
        long bytes = 0;
        long start = System.nanoTime();
        long deadline = start + (long) (seconds * 1e9);
        long now;
        do {
            engine.processBytes(buffer, 0, buffer.length, buffer, 0);
            bytes += buffer.length;
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
