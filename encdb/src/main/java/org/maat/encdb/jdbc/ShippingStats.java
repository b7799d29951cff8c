package org.maat.encdb.jdbc;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What H2 has shipped to this connection's client side: rows of physical results read and, when
 * {@linkplain #countBytes(boolean) switched on}, their bytes (ciphertexts as stored, plaintext columns as
 * text), the measure a split between H2 and the client is judged by. Counts from the connection's opening
 * or the last {@link #reset()}.
 *
 * <p>Rows are always counted (one increment per row). Bytes are off by default: counting them reads
 * every value of every physical row a second time, which for a lookup returning a handful of rows cost
 * as much as decrypting them; a benchmark that reports bytes switches them on.
 */
public final class ShippingStats {

    private final AtomicLong rows = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();
    private volatile boolean countingBytes;

    /** Physical rows read from H2. */
    public long rows() {
        return rows.get();
    }

    /** Bytes of those rows' values, counted while {@link #countBytes(boolean)} was on (else 0). */
    public long bytes() {
        return bytes.get();
    }

    /** Whether to count the bytes of the rows read from now on (off by default). */
    public void countBytes(boolean on) {
        countingBytes = on;
    }

    public boolean countingBytes() {
        return countingBytes;
    }

    public void reset() {
        rows.set(0);
        bytes.set(0);
    }

    /** Counts the current row of {@code rs}, whose column kinds {@code binary} caches (null: not read yet). */
    boolean[] count(ResultSet rs, boolean[] binary) throws SQLException {
        rows.incrementAndGet();
        if (!countingBytes) {
            return binary;
        }
        boolean[] kinds = binary == null ? kinds(rs.getMetaData()) : binary;
        long size = 0;
        for (int i = 0; i < kinds.length; i++) {
            if (kinds[i]) {
                byte[] b = rs.getBytes(i + 1);
                size += b == null ? 0 : b.length;
            } else {
                String s = rs.getString(i + 1);
                size += s == null ? 0 : s.length();
            }
        }
        bytes.addAndGet(size);
        return kinds;
    }

    private static boolean[] kinds(ResultSetMetaData md) throws SQLException {
        boolean[] kinds = new boolean[md.getColumnCount()];
        for (int i = 0; i < kinds.length; i++) {
            int t = md.getColumnType(i + 1);
            kinds[i] = t == Types.BINARY || t == Types.VARBINARY || t == Types.LONGVARBINARY || t == Types.BLOB;
        }
        return kinds;
    }
}
