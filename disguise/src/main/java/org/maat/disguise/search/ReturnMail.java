package org.maat.disguise.search;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.crypto.PublicKey;
import org.maat.disguise.crypto.Sealer;
import org.maat.disguise.crypto.UnsealException;
import org.maat.disguise.search.SearchRecords.WithdrawnViews;

/**
 * History lines a reveal leaves out because they name a document that another user's disguise took since, handed to
 * that disguise's reveal: sealed (HPKE, as bags are) to the public key of the return filed under the watch token the
 * other disguise took ({@link Departures}), the token as associated data, padded to a power of two of at least 1 KiB
 * so that the size shows little of how many lines there are. Only the private key in the other disguise's bag opens
 * it, so while that user is away the lines name their document nowhere in the clear.
 */
final class ReturnMail {

    private static final int SMALLEST = 1024;
    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);

    private ReturnMail() {
    }

    static byte[] seal(PublicKey to, String token, WithdrawnViews views) {
        try {
            byte[] json = JSON.writeValueAsBytes(views);
            int size = Math.max(SMALLEST, Integer.highestOneBit(Integer.BYTES + json.length - 1) << 1);
            byte[] padded = ByteBuffer.allocate(size).putInt(json.length).put(json).array();
            return Sealer.seal(to, token.getBytes(StandardCharsets.UTF_8), padded);
        } catch (IOException e) {
            throw new IllegalStateException("cannot encode history lines", e);
        }
    }

    /** @throws UnsealException for a wrong key, another token or changed bytes */
    static WithdrawnViews open(PrivateKey key, String token, byte[] sealed) {
        ByteBuffer padded = ByteBuffer.wrap(Sealer.open(key, token.getBytes(StandardCharsets.UTF_8), sealed));
        int length = padded.remaining() >= Integer.BYTES ? padded.getInt() : -1;
        if (length < 0 || length > padded.remaining()) {
            throw new UnsealException("returned history lines opened but their length field is impossible");
        }
        byte[] json = new byte[length];
        padded.get(json);
        try {
            return JSON.readValue(json, WithdrawnViews.class);
        } catch (IOException e) {
            throw new UnsealException("returned history lines opened but do not read: " + e.getMessage());
        }
    }
}
