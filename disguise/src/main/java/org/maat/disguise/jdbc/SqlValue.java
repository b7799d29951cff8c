package org.maat.disguise.jdbc;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.maat.disguise.DisguiseException;

/**
 * One column value as a bag keeps it: its JDBC type ({@link Types}) and an exact text form (null for
 * SQL NULL). Text is what round-trips exactly through JSON for every supported type: numbers as
 * {@link BigDecimal#toPlainString()}, dates and timestamps in ISO form without a time zone.
 */
public record SqlValue(int type, String text) {

    /** Reads column {@code i} of the current row, whose JDBC type is {@code type}. */
    static SqlValue read(ResultSet rs, int i, int type) throws SQLException {
        String text;
        switch (type) {
            case Types.CHAR: case Types.VARCHAR: case Types.LONGVARCHAR: case Types.NCHAR: case Types.NVARCHAR:
            case Types.CLOB:
                text = rs.getString(i);
                break;
            case Types.TINYINT: case Types.SMALLINT: case Types.INTEGER: case Types.BIGINT:
            case Types.NUMERIC: case Types.DECIMAL: {
                BigDecimal d = rs.getBigDecimal(i);
                text = d == null ? null : d.toPlainString();
                break;
            }
            case Types.DOUBLE: case Types.FLOAT: case Types.REAL: {
                double d = rs.getDouble(i);
                text = rs.wasNull() ? null : Double.toString(d);
                break;
            }
            case Types.BOOLEAN: case Types.BIT: {
                boolean b = rs.getBoolean(i);
                text = rs.wasNull() ? null : Boolean.toString(b);
                break;
            }
            case Types.DATE: {
                LocalDate d = rs.getObject(i, LocalDate.class);
                text = d == null ? null : d.toString();
                break;
            }
            case Types.TIMESTAMP: {
                LocalDateTime t = rs.getObject(i, LocalDateTime.class);
                text = t == null ? null : t.toString();
                break;
            }
            default:
                throw new DisguiseException("column " + rs.getMetaData().getColumnLabel(i) + " has SQL type "
                        + rs.getMetaData().getColumnTypeName(i) + ", which disguises do not handle");
        }
        return new SqlValue(type, text);
    }

    /** The value of {@code text} (a principal id, a key given by a user, a constant) in a column of {@code type}. */
    static SqlValue parse(int type, String text) {
        SqlValue v = new SqlValue(type, text);
        v.object(); // refuses text that is not a value of the type
        return v;
    }

    boolean isNull() {
        return text == null;
    }

    void bind(PreparedStatement ps, int i) throws SQLException {
        if (text == null) {
            ps.setNull(i, type);
        } else {
            ps.setObject(i, object());
        }
    }

    /** The Java value JDBC drivers bind for this type. */
    Object object() {
        if (text == null) {
            return null;
        }
        try {
            switch (type) {
                case Types.TINYINT: case Types.SMALLINT: case Types.INTEGER:
                    return Integer.valueOf(text);
                case Types.BIGINT:
                    return Long.valueOf(text);
                case Types.NUMERIC: case Types.DECIMAL:
                    return new BigDecimal(text);
                case Types.DOUBLE: case Types.FLOAT: case Types.REAL:
                    return Double.valueOf(text);
                case Types.BOOLEAN: case Types.BIT:
                    if (!text.equals("true") && !text.equals("false")) {
                        throw new IllegalArgumentException("not a boolean");
                    }
                    return Boolean.valueOf(text);
                case Types.DATE:
                    return LocalDate.parse(text);
                case Types.TIMESTAMP:
                    return LocalDateTime.parse(text);
                default:
                    return text;
            }
        } catch (RuntimeException e) {
            throw new DisguiseException("\"" + text + "\" is not a value of SQL type " + type + " (" + e.getMessage() + ")");
        }
    }

    /** Equal as SQL values of one column: numbers by value (1.50 = 1.5), the rest by text. */
    boolean sameAs(SqlValue other) {
        if (text == null || other.text == null) {
            return text == null && other.text == null;
        }
        Object a = object();
        Object b = other.object();
        if (a instanceof BigDecimal x && b instanceof BigDecimal y) {
            return x.compareTo(y) == 0;
        }
        return a.equals(b);
    }

    @Override
    public String toString() {
        return text == null ? "NULL" : text;
    }
}
