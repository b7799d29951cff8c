package org.maat.atrest.file;

import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.macs.HMac;
import org.bouncycastle.crypto.params.KeyParameter;
import org.maat.atrest.cipher.AtRestCipher;

/**
 * The keys of one physical file: per cipher, HKDF-SHA256(volume key, file salt, "maat-atrest-1 " + cipher
 * name), derived once and kept; and a key that authenticates the file's header. Thread-safe.
 */
public final class FileKeys {

    private final byte[] volumeKey;
    private final byte[] salt;
    private final byte[][] byCipherId = new byte[256][];
    private final byte[] headerKey;

    FileKeys(byte[] volumeKey, byte[] salt) {
        this.volumeKey = volumeKey;
        this.salt = salt;
        this.headerKey = VolumeKey.hkdf(volumeKey, salt, VolumeKey.INFO + "header");
    }

    /** The key {@code cipher} seals this file's blocks with. */
    public byte[] key(AtRestCipher cipher) {
        byte[] k = byCipherId[cipher.id()];
        if (k == null) {
            synchronized (this) {
                k = byCipherId[cipher.id()];
                if (k == null) {
                    k = VolumeKey.hkdf(volumeKey, salt, VolumeKey.INFO + cipher.name());
                    byCipherId[cipher.id()] = k;
                }
            }
        }
        return k;
    }

    /**
     * HMAC-SHA256 of {@code data[0, length)} then the UTF-8 of {@code bound} (the file's name in its volume) under
     * the header key, first 16 bytes into {@code out} at {@code at}.
     */
    void headerMac(byte[] data, int length, String bound, byte[] out, int at) {
        HMac mac = new HMac(new SHA256Digest());
        mac.init(new KeyParameter(headerKey));
        mac.update(data, 0, length);
        byte[] name = bound.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        mac.update(name, 0, name.length);
        byte[] full = new byte[32];
        mac.doFinal(full, 0);
        System.arraycopy(full, 0, out, at, 16);
    }
}
