package org.maat.erp;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the same ERP query with the same values on a plaintext database and on an encrypted one and
 * compares what came back (rows in driver-independent form, or update counts and the resulting
 * table). This is how the demo and the tests show that the encrypted layer answers like H2 itself.
 * Not thread-safe.
 */
public final class PlainVersusEncrypted implements AutoCloseable {

    /** One query on both databases; {@code failure} is the encrypted side's error, if it failed. */
    public record Outcome(ErpQuery query, QueryResult plain, QueryResult encrypted, SQLException failure,
            boolean tablesEqual) {

        /** Same rows (or update counts) and, for Q16-Q18, the same EMPLOYEES table afterwards. */
        public boolean same() {
            return failure == null && plain.updateCount() == encrypted.updateCount()
                    && plain.canonicalRows().equals(encrypted.canonicalRows()) && tablesEqual;
        }
    }

    private final Connection plainConn;
    private final Connection encryptedConn;
    private final QueryRunner plain;
    private final QueryRunner encrypted;

    public PlainVersusEncrypted(Connection plainConn, Connection encryptedConn) {
        this.plainConn = plainConn;
        this.encryptedConn = encryptedConn;
        this.plain = new QueryRunner(plainConn);
        this.encrypted = new QueryRunner(encryptedConn);
    }

    /**
     * Runs {@code query} on both sides. A plaintext failure is thrown (the query or its values are
     * wrong); an encrypted one is returned in the outcome, so callers can report what the layer
     * could not do.
     */
    public Outcome run(ErpQuery query, List<Object> values) throws SQLException {
        QueryResult p = plain.run(query, values);
        QueryResult e;
        try {
            e = encrypted.run(query, values);
        } catch (SQLException failure) {
            return new Outcome(query, p, null, failure, false);
        }
        boolean tables = !query.modifies() || table("EMPLOYEES");
        return new Outcome(query, p, e, null, tables);
    }

    /** Whether {@code table} holds the same rows on both sides. */
    public boolean table(String table) throws SQLException {
        return rows(plainConn, table).equals(rows(encryptedConn, table));
    }

    /** Every row of {@code table}, canonical and sorted (so no ORDER BY is needed on ciphertext). */
    public static List<String> rows(Connection conn, String table) throws SQLException {
        List<String> out = new ArrayList<>();
        List<String> columns = HrSchema.COLUMNS.get(table);
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT " + String.join(", ", columns) + " FROM " + table)) {
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int c = 1; c <= columns.size(); c++) {
                    row.append(c == 1 ? "" : "|").append(QueryResult.canonical(rs.getObject(c)));
                }
                out.add(row.toString());
            }
        }
        out.sort(null);
        return out;
    }

    @Override
    public void close() throws SQLException {
        try {
            plain.close();
        } finally {
            encrypted.close();
        }
    }
}
