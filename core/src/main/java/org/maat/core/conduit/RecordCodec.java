package org.maat.core.conduit;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;

/**
 * One record on disk: {@code MAGIC (4) | payload length (4) | CRC32C of payload (4) | payload}, the
 * payload holding the document's four fields as length-prefixed UTF-8. The magic and checksum make a
 * torn or overwritten record detectable wherever it is.
 */
final class RecordCodec {

    static final int MAGIC = 0x4D414454; // "MADT"
    static final int HEADER = 12;
    /** No field of a real document comes near this; a larger length is corruption, not data. */
    static final int MAX_PAYLOAD = 256 << 20;

    private RecordCodec() {
    }

    static byte[] encode(Document d) {
        byte[][] fields = {utf8(d.id()), utf8(d.title()), utf8(d.date()), utf8(d.body())};
        int payload = 0;
        for (byte[] f : fields) {
            payload += 4 + f.length;
        }
        if (payload > MAX_PAYLOAD) {
            throw new IllegalArgumentException("document " + d.id() + " is larger than " + (MAX_PAYLOAD >> 20) + " MB");
        }
        ByteBuffer buf = ByteBuffer.allocate(HEADER + payload);
        buf.putInt(MAGIC).putInt(payload).putInt(0);
        for (byte[] f : fields) {
            buf.putInt(f.length).put(f);
        }
        CRC32C crc = new CRC32C();
        crc.update(buf.array(), HEADER, payload);
        buf.putInt(8, (int) crc.getValue());
        return buf.array();
    }

    /** The payload length from a header, or a reason why the header is bad. */
    static int payloadLength(ByteBuffer header) throws BadRecord {
        if (header.getInt(0) != MAGIC) {
            throw new BadRecord("no record starts here (bad magic)");
        }
        int length = header.getInt(4);
        if (length < 16 || length > MAX_PAYLOAD) {
            throw new BadRecord("impossible record length " + length);
        }
        return length;
    }

    /**
     * The document of a record read as the store's {@code ordinal}-th. The id inside the checksummed
     * payload must be that ordinal's: the offset table only says where to look, the record proves what it is.
     */
    static Document decode(ByteBuffer header, byte[] payload, long ordinal) throws BadRecord {
        Document d = decode(header, payload);
        String expected = Document.idOf(ordinal);
        if (!d.id().equals(expected)) {
            throw new BadRecord("holds record " + d.id() + ", expected " + expected);
        }
        return d;
    }

    private static Document decode(ByteBuffer header, byte[] payload) throws BadRecord {
        CRC32C crc = new CRC32C();
        crc.update(payload);
        if ((int) crc.getValue() != header.getInt(8)) {
            throw new BadRecord("checksum mismatch");
        }
        ByteBuffer in = ByteBuffer.wrap(payload);
        String[] fields = new String[4];
        for (int i = 0; i < 4; i++) {
            if (in.remaining() < 4) {
                throw new BadRecord("record ends inside field " + i);
            }
            int n = in.getInt();
            if (n < 0 || n > in.remaining()) {
                throw new BadRecord("field " + i + " length " + n + " exceeds the record");
            }
            fields[i] = new String(payload, in.position(), n, StandardCharsets.UTF_8);
            in.position(in.position() + n);
        }
        return new Document(fields[0], fields[1], fields[2], fields[3]);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Why a record could not be read; turned into {@link CorruptRecordException} with its position. */
    static final class BadRecord extends Exception {
        BadRecord(String reason) {
            super(reason, null, false, false);
        }
    }
}
