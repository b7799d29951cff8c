package org.maat.encdb.jdbc;

import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.maat.encdb.onion.Onion;
import org.maat.encdb.rewrite.RowwisePlan;
import org.maat.encdb.schema.EncryptedColumn;
import org.maat.encdb.schema.Identifiers;

/**
 * Lets a row-by-row UPDATE move unique keys among its own rows, as H2 does. H2 writes all rows of an
 * UPDATE before it checks UNIQUE and PRIMARY KEY constraints, so {@code SET k = k + 1} or a swap of two
 * keys succeeds; written one row at a time, the first row would collide with the next one's old key.
 * Before the rows are written again, their unique keys among the written columns are parked: the Eq
 * onion (where H2 checks uniqueness, on deterministic ciphertext) is set to NULL, or, in a NOT NULL
 * column, to 32 random bytes, which no ciphertext of another row equals. Writing the new rows then
 * fails exactly when the new rows collide with each other or with rows the statement does not change,
 * as in H2.
 *
 * <p>Not covered: a unique plaintext column (no value can be parked there for every type) and a
 * unique key that is also a foreign key (the parked value references nothing); both keep the
 * row-at-a-time check.
 */
final class KeyParking {

    private static final SecureRandom RANDOM = new SecureRandom();

    private final Connection h2;

    KeyParking(Connection h2) {
        this.h2 = h2;
    }

    /** Parks the unique keys {@code plan} writes in rows {@code rowIds}; false when it writes none. */
    boolean park(RowwisePlan plan, List<Object> rowIds) throws SQLException {
        Set<String> unique = uniqueColumns(plan.table().name());
        List<EncryptedColumn> parked = new ArrayList<>();
        for (EncryptedColumn c : plan.writtenColumns()) {
            if (!c.plaintext() && unique.contains(c.physical(Onion.EQ))) {
                parked.add(c);
            }
        }
        if (parked.isEmpty()) {
            return false;
        }
        StringBuilder sql = new StringBuilder("UPDATE ").append(Identifiers.quote(plan.table().name())).append(" SET ");
        for (int i = 0; i < parked.size(); i++) {
            sql.append(i == 0 ? "" : ", ").append(Identifiers.quote(parked.get(i).physical(Onion.EQ))).append(" = ?");
        }
        sql.append(" WHERE _ROWID_ = ?");
        try (PreparedStatement ps = h2.prepareStatement(sql.toString())) {
            for (Object rowId : rowIds) {
                for (int i = 0; i < parked.size(); i++) {
                    ps.setBytes(i + 1, parked.get(i).nullable() ? null : randomKey());
                }
                ps.setObject(parked.size() + 1, rowId);
                ps.addBatch();
            }
            ps.executeBatch();
        }
        return true;
    }

    private Set<String> uniqueColumns(String table) throws SQLException {
        Set<String> columns = new HashSet<>();
        try (PreparedStatement ps = h2.prepareStatement("SELECT COLUMN_NAME FROM INFORMATION_SCHEMA.INDEX_COLUMNS "
                + "WHERE TABLE_SCHEMA = SCHEMA() AND TABLE_NAME = ? AND IS_UNIQUE")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    columns.add(rs.getString(1));
                }
            }
        }
        return columns;
    }

    private static byte[] randomKey() {
        byte[] key = new byte[32];
        RANDOM.nextBytes(key);
        return key;
    }
}
