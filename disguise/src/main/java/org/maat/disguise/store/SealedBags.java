package org.maat.disguise.store;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
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

    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);

    private SealedBags() {
    }

    public static byte[] seal(PublicKey to, Locator locator, Object contents) {
        try {
            return Sealer.seal(to, locator.bytes(), JSON.writeValueAsBytes(contents));
        } catch (IOException e) {
            throw new IllegalStateException("cannot encode a bag of " + contents.getClass().getSimpleName(), e);
        }
    }

    /**
     * Opens a bag.
     *
     * @throws UnsealException for a wrong key, a bag stored under another locator, or changed bytes
     */
    public static <T> T open(PrivateKey key, Locator locator, byte[] sealed, Class<T> type) {
        byte[] plain = Sealer.open(key, locator.bytes(), sealed);
        try {
            return JSON.readValue(plain, type);
        } catch (IOException e) {
            throw new UnsealException("the bag opened but is not a " + type.getSimpleName() + ": " + e.getMessage());
        }
    }
}
