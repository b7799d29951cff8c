package org.maat.disguise.jdbc;

import java.security.SecureRandom;
import java.sql.SQLException;
import java.sql.Types;
import java.util.HexFormat;
import java.util.Map;
import org.maat.disguise.DisguiseException;
import org.maat.disguise.spec.ValueRule;

/**
 * Makes the value a {@link ValueRule} asks for in one column: of the column's JDBC type, random where
 * the rule says so, and for {@code new-id} one the column does not hold yet.
 */
final class ValueMaker {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int NEW_ID_ATTEMPTS = 16;

    private final Sql sql;

    ValueMaker(Sql sql) {
        this.sql = sql;
    }

    /**
     * The value for {@code column} of {@code table}; {@code principalRow} is the row {@code copy} copies
     * from (null when the principal has no row, which only {@code copy} minds).
     */
    SqlValue make(String table, String column, ValueRule rule, Map<String, SqlValue> principalRow)
            throws SQLException {
        int type = sql.type(table, column);
        if (rule instanceof ValueRule.NewId) {
            return unusedId(table, column, type);
        }
        if (rule instanceof ValueRule.Copy) {
            if (principalRow == null) {
                throw new DisguiseException(table + "." + column + " copies the principal's value, but the "
                        + "principal has no row in " + table);
            }
            return principalRow.get(column);
        }
        if (rule instanceof ValueRule.Null) {
            return new SqlValue(type, null);
        }
        if (rule instanceof ValueRule.Constant c) {
            return SqlValue.parse(type, c.text());
        }
        if (rule instanceof ValueRule.RandomInt) {
            return SqlValue.parse(type, Integer.toString(RANDOM.nextInt(1_000_000)));
        }
        if (!isText(type)) {
            throw new DisguiseException(table + "." + column + " is not a text column: " + rule + " makes text");
        }
        if (rule instanceof ValueRule.Redact) {
            return new SqlValue(type, ValueRule.Redact.TEXT);
        }
        if (rule instanceof ValueRule.RandomText) {
            return new SqlValue(type, hex(8));
        }
        if (rule instanceof ValueRule.RandomEmail) {
            return new SqlValue(type, "x" + hex(5) + "@anon.invalid");
        }
        throw new IllegalStateException("a value rule this class does not know: " + rule);
    }

    /** Random rather than MAX+1, so that an id says nothing about when the pseudoprincipal was made. */
    private SqlValue unusedId(String table, String column, int type) throws SQLException {
        for (int attempt = 0; attempt < NEW_ID_ATTEMPTS; attempt++) {
            SqlValue candidate;
            if (isText(type)) {
                candidate = new SqlValue(type, "pp-" + hex(10));
            } else if (type == Types.BIGINT) {
                candidate = new SqlValue(type, Long.toString(1_000_000_000L + RANDOM.nextLong(1L << 46)));
            } else if (type == Types.INTEGER || type == Types.NUMERIC || type == Types.DECIMAL) {
                candidate = new SqlValue(type, Integer.toString(100_000_000 + RANDOM.nextInt(2_000_000_000)));
            } else {
                throw new DisguiseException(table + "." + column + ": new-id needs a text or integer column");
            }
            if (sql.count(table, Map.of(column, candidate)) == 0) {
                return candidate;
            }
        }
        throw new DisguiseException(table + "." + column + ": no unused id found in " + NEW_ID_ATTEMPTS + " tries");
    }

    private static boolean isText(int type) {
        return type == Types.VARCHAR || type == Types.CHAR || type == Types.LONGVARCHAR || type == Types.NVARCHAR
                || type == Types.NCHAR || type == Types.CLOB;
    }

    private static String hex(int bytes) {
        byte[] b = new byte[bytes];
        RANDOM.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }
}
