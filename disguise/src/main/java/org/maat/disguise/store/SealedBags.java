package org.maat.disguise.store;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.crypto.PublicKey;
import org.maat.disguise.crypto.Sealer;
import org.maat.disguise.crypto.UnsealException;

/**
 * A bag's contents sealed as one HPKE message to the principal, its locator as associated data. One
 * seal per bag rather than one per record: a disguise of 80 rows costs one X25519 agreement, not 80
 * (the seed's record batching). The contents are any Jackson-mapped type of the application's
 * ({@code jdbc.JdbcBag}, {@code search.SearchBag}).
 */
public final class SealedBags {

    /** Bags are padded to a power of two of at least this many bytes before sealing. */
    static final int SMALLEST_BAG = 8 * 1024;

    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);

    private SealedBags() {
    }

    public static byte[] seal(PublicKey to, Locator locator, Object contents) {
        try {
            return Sealer.seal(to, locator.bytes(), pad(JSON.writeValueAsBytes(contents)));
        } catch (IOException e) {
            throw new IllegalStateException("cannot encode a bag of " + contents.getClass().getSimpleName(), e);
        }
    }

    /**
     * The contents' length, then the contents, then zeros up to the next power of two of at least
     * {@value #SMALLEST_BAG} bytes: a stored bag's size shows only its size class, not how many rows or
     * documents the disguise changed (which would pair a bag with the pseudoprincipal that has as many).
     */
    static byte[] pad(byte[] json) {
        int needed = Integer.BYTES + json.length;
        int size = Math.max(SMALLEST_BAG, Integer.highestOneBit(needed - 1) << 1);
        return ByteBuffer.allocate(size).putInt(json.length).put(json).array();
    }

    static byte[] unpad(byte[] padded) {
        ByteBuffer b = ByteBuffer.wrap(padded);
        int length = padded.length >= Integer.BYTES ? b.getInt() : -1;
        if (length < 0 || length > padded.length - Integer.BYTES) {
            throw new UnsealException("the bag opened but its length field is impossible");
        }
        byte[] json = new byte[length];
        b.get(json);
        return json;
    }

    /**
     * Opens a bag.
     *
     * @throws UnsealException for a wrong key, a bag stored under another locator, or changed bytes
     */
    public static <T> T open(PrivateKey key, Locator locator, byte[] sealed, Class<T> type) {
        byte[] plain = unpad(Sealer.open(key, locator.bytes(), sealed));
        try {
            return JSON.readValue(plain, type);
        } catch (IOException e) {
            throw new UnsealException("the bag opened but is not a " + type.getSimpleName() + ": " + e.getMessage());
        }
    }
}
