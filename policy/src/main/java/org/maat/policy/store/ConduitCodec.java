package org.maat.policy.store;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.TreeMap;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.WriteBuffer;
import org.maat.policy.Conduit;
import org.maat.policy.lang.PolicyId;

/**
 * The stored form of a conduit, keyed by its id (so the id is not repeated in the value):
 * <pre>
 * byte    format (1)
 * string  name
 * string  owner
 * long    policy id (8 bytes, big-endian)
 * varint  attribute count, then that many (string key, string value) pairs in key order
 * </pre>
 * A string is a varint char count and the chars in MVStore's own string encoding, the one its
 * String keys use, so any Java string (even one with lone surrogates) comes back unchanged.
 */
final class ConduitCodec {

    private static final byte FORMAT = 1;

    private ConduitCodec() {
    }

    static byte[] encode(Conduit conduit) {
        WriteBuffer out = new WriteBuffer(64);
        out.put(FORMAT);
        putString(out, conduit.name());
        putString(out, conduit.owner());
        out.putLong(conduit.policy().value());
        // Sorted so that equal conduits always have equal bytes.
        Map<String, String> attributes = new TreeMap<>(conduit.attributes());
        out.putVarInt(attributes.size());
        attributes.forEach((key, value) -> {
            putString(out, key);
            putString(out, value);
        });
        ByteBuffer buffer = out.getBuffer();
        buffer.flip();
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        return bytes;
    }

    static Conduit decode(String id, byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        byte format = in.get();
        if (format != FORMAT) {
            throw new IllegalStateException("conduit " + id + " is stored in unknown format " + format);
        }
        String name = DataUtils.readString(in);
        String owner = DataUtils.readString(in);
        PolicyId policy = new PolicyId(in.getLong());
        int count = DataUtils.readVarInt(in);
        Map<String, String> attributes = new TreeMap<>();
        for (int i = 0; i < count; i++) {
            attributes.put(DataUtils.readString(in), DataUtils.readString(in));
        }
        return new Conduit(id, name, owner, policy, attributes);
    }

    private static void putString(WriteBuffer out, String s) {
        out.putVarInt(s.length()).putStringData(s, s.length());
    }
}
