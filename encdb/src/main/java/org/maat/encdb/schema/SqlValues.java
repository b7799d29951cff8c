package org.maat.encdb.schema;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Date;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.Locale;

/**
 * The one converter of SQL values between their Java forms, following H2's rules: an application
 * parameter becoming a column's value ({@link ColumnType#toStored}), a decrypted value read through a
 * {@code ResultSet} getter, an operand of client-side arithmetic, a procedure argument. Every method
 * maps null to null (or the getter default) and accepts the value's text form as H2 does.
 */
public final class SqlValues {

    private SqlValues() {
    }

    /**
     * {@code value} as an exact decimal: integers as they are, floating point as its shortest decimal
     * (H2's {@code getBigDecimal} of a {@code REAL}/{@code DOUBLE}), booleans as 1 or 0, text parsed.
     *
     * @throws NumberFormatException when the text is not a number
     */
    public static BigDecimal toBigDecimal(Object value) {
        if (value instanceof BigDecimal d) {
            return d;
        }
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            return BigDecimal.valueOf(((Number) value).longValue());
        }
        if (value instanceof BigInteger i) {
            return new BigDecimal(i);
        }
        if (value instanceof Double || value instanceof Float) {
            return BigDecimal.valueOf(((Number) value).doubleValue());
        }
        if (value instanceof Number n) {
            return new BigDecimal(n.toString());
        }
        if (value instanceof Boolean b) {
            return b ? BigDecimal.ONE : BigDecimal.ZERO;
        }
        return new BigDecimal(value.toString().trim());
    }

    /** {@link #toBigDecimal}, null for null, and a data exception (22018) for text that is not a number. */
    public static BigDecimal number(Object value) throws SQLException {
        if (value == null) {
            return null;
        }
        try {
            return toBigDecimal(value);
        } catch (NumberFormatException e) {
            throw new SQLException("not a number: " + value, "22018");
        }
    }

    /** SQL's spellings of a truth value ({@code TRUE}, {@code 'Y'}, {@code 1} ...), or null when it is none. */
    public static Boolean toBoolean(Object value) {
        if (value instanceof Boolean b) {
            return b;
        }
        if (value instanceof Number n) {
            return n.intValue() != 0;
        }
        return switch (value.toString().trim().toUpperCase(Locale.ROOT)) {
            case "TRUE", "T", "YES", "Y", "1" -> Boolean.TRUE;
            case "FALSE", "F", "NO", "N", "0" -> Boolean.FALSE;
            default -> null;
        };
    }

    /**
     * The text of a value as H2's {@code getString} returns it, formatted by H2's own value classes
     * ({@code TRUE}, {@code 2021-05-06 07:08:09} without a {@code .0}, decimals without exponent, bytes in hex).
     */
    public static String toText(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof String text) {
            return text;
        }
        if (value instanceof byte[] bytes) {
            return org.h2.util.StringUtils.convertBytesToHex(bytes);
        }
        try {
            return org.h2.value.ValueToObjectConverter.objectToValue(null, value, org.h2.value.Value.UNKNOWN).getString();
        } catch (RuntimeException notAnH2Value) {
            return value instanceof BigDecimal d ? d.toPlainString() : value.toString();
        }
    }

    /**
     * {@code value} converted to the JDBC type {@code sqlType} as H2's {@code setObject(i, x, targetSqlType)}
     * converts it ({@code "007"} as INTEGER is 7, 1.5 as INTEGER is 2), as the Java value H2 would return.
     */
    public static Object toSqlType(Object value, int sqlType) throws SQLException {
        if (value == null) {
            return null;
        }
        int type = org.h2.value.DataType.convertSQLTypeToValueType(sqlType);
        try {
            org.h2.value.Value v = org.h2.value.ValueToObjectConverter.objectToValue(null, value, type);
            if (type != org.h2.value.Value.UNKNOWN) {
                v = v.convertTo(org.h2.value.TypeInfo.getTypeInfo(type), null);
            }
            return org.h2.value.ValueToObjectConverter.valueToDefaultObject(v, null, true);
        } catch (org.h2.message.DbException e) {
            throw e.getSQLException();
        }
    }

    /** The day of a date, timestamp or their text ({@code 2024-01-31[ ...]}). */
    public static LocalDate toLocalDate(Object value) {
        if (value instanceof Date d) {
            return d.toLocalDate();
        }
        if (value instanceof LocalDate d) {
            return d;
        }
        if (value instanceof Timestamp t) {
            return t.toLocalDateTime().toLocalDate();
        }
        if (value instanceof LocalDateTime t) {
            return t.toLocalDate();
        }
        if (value instanceof OffsetDateTime t) {
            return t.toLocalDate();
        }
        if (value instanceof java.util.Date d) {
            return new Date(d.getTime()).toLocalDate();
        }
        String s = value.toString().trim();
        return LocalDate.parse(s.length() > 10 ? s.substring(0, 10) : s);
    }

    /** The instant of a timestamp, a date (its midnight) or their text. */
    public static LocalDateTime toLocalDateTime(Object value) {
        if (value instanceof Timestamp t) {
            return t.toLocalDateTime();
        }
        if (value instanceof LocalDateTime t) {
            return t;
        }
        if (value instanceof OffsetDateTime t) {
            return t.toLocalDateTime();
        }
        if (value instanceof Date || value instanceof LocalDate) {
            return toLocalDate(value).atStartOfDay();
        }
        if (value instanceof java.util.Date d) {
            return new Timestamp(d.getTime()).toLocalDateTime();
        }
        String s = value.toString().trim();
        return s.length() <= 10 ? LocalDate.parse(s).atStartOfDay() : Timestamp.valueOf(s).toLocalDateTime();
    }

    /** {@code value} as a {@link Date}; null for null. */
    public static Date toDate(Object value) {
        return value == null ? null : value instanceof Date d ? d : Date.valueOf(toLocalDate(value));
    }

    /** {@code value} as a {@link Timestamp}; null for null. */
    public static Timestamp toTimestamp(Object value) {
        return value == null ? null : value instanceof Timestamp t ? t : Timestamp.valueOf(toLocalDateTime(value));
    }

    /** {@code value} as a {@link Time}: a time, or the time of day of a timestamp; null for null. */
    public static Time toTime(Object value) throws SQLException {
        if (value == null || value instanceof Time) {
            return (Time) value;
        }
        if (value instanceof Timestamp t) {
            return Time.valueOf(t.toLocalDateTime().toLocalTime());
        }
        throw new SQLException("not a time: " + value, "22018");
    }

    /**
     * {@code value} as an argument of a Java method parameter of {@code type}, exactly (a fraction for
     * an {@code int} is an error, not truncated), as H2 passes arguments to its Java functions.
     */
    public static Object toArgument(Object value, Class<?> type) throws SQLException {
        if (value == null) {
            if (type.isPrimitive()) {
                throw new SQLException("NULL for a primitive " + type + " argument", "22004");
            }
            return null;
        }
        if (type.isInstance(value)) {
            return value;
        }
        String s = value.toString().trim();
        if (type == int.class || type == Integer.class) {
            return new BigDecimal(s).intValueExact();
        }
        if (type == long.class || type == Long.class) {
            return new BigDecimal(s).longValueExact();
        }
        if (type == double.class || type == Double.class) {
            return Double.parseDouble(s);
        }
        if (type == BigDecimal.class) {
            return new BigDecimal(s);
        }
        if (type == String.class) {
            return s;
        }
        if (type == LocalDate.class) {
            return toLocalDate(value);
        }
        if (type == Date.class) {
            return Date.valueOf(toLocalDate(value));
        }
        throw new SQLFeatureNotSupportedException("procedure argument of type " + type.getName());
    }
}
