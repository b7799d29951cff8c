package org.maat.atrest.file;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.generators.HKDFBytesGenerator;
import org.bouncycastle.crypto.macs.HMac;
import org.bouncycastle.crypto.params.HKDFParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.maat.keys.KeySource;

/**
 * A volume's 32-byte key and the per-file keys derived from it (HKDF-SHA256, salt = the file's random salt),
 * cached by salt so that opening a file again derives nothing. A key longer than 32 bytes is first reduced
 * to 32 with HKDF; a shorter one is refused.
 */
public final class VolumeKey {

    static final String INFO = "maat-atrest-1 ";
    private static final int CACHED_FILES = 4096;

    private final byte[] key;
    private final Map<ByteBuffer, FileKeys> byFile = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<ByteBuffer, FileKeys> eldest) {
            return size() > CACHED_FILES;
        }
    };

    private VolumeKey(byte[] key) {
        this.key = key;
    }

    /** The key from {@code source}, checked (32 bytes, or longer and reduced with HKDF). */
    public static VolumeKey from(KeySource source) {
        byte[] k = source.key();
        try {
            return of(k, source.describe());
        } finally {
            Arrays.fill(k, (byte) 0);
        }
    }

    static VolumeKey of(byte[] k, String from) {
        if (k.length < 32) {
            throw new IllegalArgumentException("the at-rest key from " + from + " has " + k.length
                    + " bytes: it needs at least 32 (a 256-bit key)");
        }
        return new VolumeKey(k.length == 32 ? k.clone() : hkdf(k, new byte[0], INFO + "volume key"));
    }

    /**
     * HMAC-SHA256 of {@code message} under a key derived from the volume key for the configuration alone (HKDF,
     * info {@code "maat-atrest-1 configuration"}): only the key holder can make a configuration this accepts.
     */
    byte[] configurationMac(byte[] message) {
        HMac mac = new HMac(new SHA256Digest());
        mac.init(new KeyParameter(hkdf(key, new byte[0], INFO + "configuration")));
        mac.update(message, 0, message.length);
        byte[] out = new byte[32];
        mac.doFinal(out, 0);
        return out;
    }

    /** The keys of the file whose header holds {@code salt}. */
    public synchronized FileKeys forFile(byte[] salt) {
        return byFile.computeIfAbsent(ByteBuffer.wrap(salt.clone()), s -> new FileKeys(key, salt.clone()));
    }

    static byte[] hkdf(byte[] ikm, byte[] salt, String info) {
        HKDFBytesGenerator hkdf = new HKDFBytesGenerator(new SHA256Digest());
        hkdf.init(new HKDFParameters(ikm, salt, info.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        byte[] out = new byte[32];
        hkdf.generateBytes(out, 0, 32);
        return out;
    }
}
