package org.maat.encdb.schema;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;

/**
 * The SQL type of a logical column and its value semantics: how an application value becomes the
 * canonical Java value H2 itself would store and return (an {@code INTEGER} is an {@link Integer}, a
 * {@code NUMERIC(8,2)} a {@link BigDecimal} of scale 2, a {@code CHAR(n)} a space-padded string, a
 * {@code DATE} a {@link java.sql.Date}), and the canonical byte encoding the onions encrypt.
 *
 * <p>Guarantee: two values equal under SQL {@code =} in this type have the same encoding, so
 * deterministic layers preserve equality; {@link #decode} inverts {@link #encode}.
 */
public record ColumnType(Kind kind, String typeName, int sqlType, int precision, int scale) {

    /** Families of types the onions know how to encode. */
    public enum Kind { INTEGER, BIGINT, DECIMAL, VARCHAR, CHAR, DATE, TIMESTAMP, BOOLEAN, DOUBLE, REAL }

    /**
     * Maps a DDL type ({@code INTEGER}, {@code NUMERIC(8,2)}, {@code VARCHAR(20)}, ...) onto a column type.
     *
     * @throws SQLFeatureNotSupportedException for types the encrypted layer cannot encode
     */
    public static ColumnType of(String name, List<Integer> args) throws SQLException {
        String n = name.toUpperCase(Locale.ROOT).trim().replaceAll("\\s+", " ");
        int a0 = args.isEmpty() ? -1 : args.get(0);
        int a1 = args.size() < 2 ? -1 : args.get(1);
        switch (n) {
            case "INT", "INTEGER", "INT4", "MEDIUMINT", "SIGNED":
                return new ColumnType(Kind.INTEGER, "INTEGER", Types.INTEGER, 32, 0);
            case "SMALLINT", "INT2":
                return new ColumnType(Kind.INTEGER, "SMALLINT", Types.SMALLINT, 16, 0);
            case "TINYINT":
                return new ColumnType(Kind.INTEGER, "TINYINT", Types.TINYINT, 8, 0);
            case "BIGINT", "INT8":
                return new ColumnType(Kind.BIGINT, "BIGINT", Types.BIGINT, 64, 0);
            case "NUMERIC", "DECIMAL", "DEC", "NUMBER":
                if (a0 < 0) {
                    throw new SQLFeatureNotSupportedException(
                            "unsupported encrypted column type " + name + " without precision (use e.g. NUMERIC(8,2))");
                }
                return new ColumnType(Kind.DECIMAL, "NUMERIC", Types.NUMERIC, a0, Math.max(a1, 0));
            case "VARCHAR", "VARCHAR2", "CHARACTER VARYING", "CHAR VARYING", "NVARCHAR", "NVARCHAR2", "TEXT",
                    "VARCHAR_IGNORECASE":
                if (n.equals("VARCHAR_IGNORECASE")) {
                    throw new SQLFeatureNotSupportedException("unsupported encrypted column type VARCHAR_IGNORECASE");
                }
                return new ColumnType(Kind.VARCHAR, "CHARACTER VARYING", Types.VARCHAR,
                        a0 < 0 ? 1_000_000_000 : a0, 0);
            case "CHAR", "CHARACTER", "NCHAR":
                return new ColumnType(Kind.CHAR, "CHARACTER", Types.CHAR, a0 < 0 ? 1 : a0, 0);
            case "DATE":
                return new ColumnType(Kind.DATE, "DATE", Types.DATE, 10, 0);
            case "TIMESTAMP", "DATETIME": {
                // H2: fractional seconds digits, 6 by default; precision 19 for whole seconds, else 20 + digits
                int digits = a0 < 0 ? 6 : a0;
                if (digits > 9) {
                    throw new SQLException("Invalid value \"" + digits + "\" for parameter \"scale\" (0..9)", "90008");
                }
                return new ColumnType(Kind.TIMESTAMP, "TIMESTAMP", Types.TIMESTAMP, digits == 0 ? 19 : 20 + digits,
                        digits);
            }
            case "BOOLEAN", "BOOL", "BIT":
                return new ColumnType(Kind.BOOLEAN, "BOOLEAN", Types.BOOLEAN, 1, 0);
            case "REAL", "FLOAT4":
                return new ColumnType(Kind.REAL, "REAL", Types.REAL, 24, 0);
            case "FLOAT":
                // H2: FLOAT(p) is REAL up to 24 binary digits, else DOUBLE PRECISION; JDBC type FLOAT either way
                if (a0 > 53) {
                    throw new SQLException("Invalid value \"" + a0 + "\" for parameter \"precision\" (1..53)", "90008");
                }
                return a0 >= 1 && a0 <= 24 ? new ColumnType(Kind.REAL, "REAL", Types.FLOAT, 24, 0)
                        : new ColumnType(Kind.DOUBLE, "DOUBLE PRECISION", Types.FLOAT, 53, 0);
            case "DOUBLE", "DOUBLE PRECISION", "FLOAT8":
                return new ColumnType(Kind.DOUBLE, "DOUBLE PRECISION", Types.DOUBLE, 53, 0);
            default:
                throw new SQLFeatureNotSupportedException("unsupported encrypted column type " + name
                        + " (annotate the column COMMENT 'maat:plaintext' to store it unencrypted)");
        }
    }

    /** Restores a type from its catalog row. */
    public static ColumnType of(String kind, String typeName, int sqlType, int precision, int scale) {
        return new ColumnType(Kind.valueOf(kind), typeName, sqlType, precision, scale);
    }

    /** The DDL text, e.g. {@code NUMERIC(8,2)}. */
    public String ddl() {
        return switch (kind) {
            case DECIMAL -> typeName + "(" + precision + "," + scale + ")";
            case VARCHAR, CHAR -> typeName + "(" + precision + ")";
            case TIMESTAMP -> scale == 6 ? typeName : typeName + "(" + scale + ")";
            default -> typeName;
        };
    }

    /** Whether values are numbers (so an Add onion can sum them). */
    public boolean isExactNumber() {
        return kind == Kind.INTEGER || kind == Kind.BIGINT || kind == Kind.DECIMAL;
    }

    /** Whether values are text. */
    public boolean isText() {
        return kind == Kind.VARCHAR || kind == Kind.CHAR;
    }

    /** Java class name of the values, as {@code ResultSetMetaData.getColumnClassName} reports it. */
    public String javaClassName() {
        return switch (kind) {
            case INTEGER -> Integer.class.getName();
            case BIGINT -> Long.class.getName();
            case DECIMAL -> BigDecimal.class.getName();
            case VARCHAR, CHAR -> String.class.getName();
            case DATE -> java.sql.Date.class.getName();
            case TIMESTAMP -> Timestamp.class.getName();
            case BOOLEAN -> Boolean.class.getName();
            case DOUBLE -> Double.class.getName();
            case REAL -> Float.class.getName();
        };
    }

    /**
     * Converts an application value to the value H2 would store in this column, rounding decimals
     * and padding CHAR as H2 does, and refusing what H2 refuses (too long, out of range).
     *
     * @param where names the column in error messages
     */
    public Object toStored(Object value, String where) throws SQLException {
        if (value == null) {
            return null;
        }
        try {
            switch (kind) {
                case INTEGER: {
                    long v = SqlValues.toBigDecimal(value).setScale(0, RoundingMode.HALF_UP).longValueExact();
                    long max = precision == 8 ? Byte.MAX_VALUE : precision == 16 ? Short.MAX_VALUE : Integer.MAX_VALUE;
                    long min = precision == 8 ? Byte.MIN_VALUE : precision == 16 ? Short.MIN_VALUE : Integer.MIN_VALUE;
                    if (v < min || v > max) {
                        throw new SQLException("Numeric value out of range: " + value + " for " + where, "22003");
                    }
                    return (int) v;
                }
                case BIGINT:
                    return SqlValues.toBigDecimal(value).setScale(0, RoundingMode.HALF_UP).longValueExact();
                case DECIMAL: {
                    BigDecimal d = SqlValues.toBigDecimal(value).setScale(scale, RoundingMode.HALF_UP);
                    if (d.precision() - d.scale() > precision - scale && d.signum() != 0) {
                        throw new SQLException("Value too long for column " + where + ": " + value, "22001");
                    }
                    return d;
                }
                case VARCHAR: {
                    String s = value.toString();
                    if (s.length() > precision) {
                        throw new SQLException("Value too long for column " + where + ": " + s.length()
                                + " characters, at most " + precision, "22001");
                    }
                    return s;
                }
                case CHAR: {
                    String s = stripTrailingSpaces(value.toString());
                    if (s.length() > precision) {
                        throw new SQLException("Value too long for column " + where + ": " + s.length()
                                + " characters, at most " + precision, "22001");
                    }
                    return s + " ".repeat(precision - s.length());
                }
                case DATE:
                    return java.sql.Date.valueOf(SqlValues.toLocalDate(value));
                case TIMESTAMP:
                    return Timestamp.valueOf(roundedToScale(SqlValues.toLocalDateTime(value)));
                case BOOLEAN:
                    Boolean truth = SqlValues.toBoolean(value);
                    if (truth == null) {
                        throw new SQLException("not a boolean for " + where + ": " + value, "22018");
                    }
                    return truth;
                case DOUBLE: {
                    double d = value instanceof Number n ? n.doubleValue() : Double.parseDouble(value.toString().trim());
                    return d == 0.0 ? 0.0 : d; // -0.0 = 0.0 in SQL
                }
                case REAL: {
                    float f = value instanceof Number n ? n.floatValue() : Float.parseFloat(value.toString().trim());
                    return f == 0.0f ? 0.0f : f;
                }
                default:
                    throw new IllegalStateException(kind.name());
            }
        } catch (ArithmeticException | NumberFormatException | java.time.DateTimeException e) {
            throw new SQLException("cannot convert " + value + " to " + ddl() + " for " + where + ": "
                    + e.getMessage(), "22018", e);
        }
    }

    /**
     * The stored value equal to {@code value}, or null when no value of this type equals it (e.g.
     * {@code 1.005} for a {@code NUMERIC(8,2)}, or a string longer than the column): an equality
     * against it matches nothing.
     */
    public Object exactStored(Object value, String where) throws SQLException {
        if (value == null) {
            return null;
        }
        switch (kind) {
            case INTEGER, BIGINT, DECIMAL: {
                BigDecimal d = SqlValues.toBigDecimal(value);
                int s = kind == Kind.DECIMAL ? scale : 0;
                if (d.stripTrailingZeros().scale() > s) {
                    return null;
                }
                try {
                    return toStored(d, where);
                } catch (SQLException e) {
                    return null; // out of range: nothing in the column equals it
                }
            }
            case VARCHAR:
                return value.toString().length() > precision ? null : value.toString();
            case CHAR: {
                String s = stripTrailingSpaces(value.toString());
                return s.length() > precision ? null : s + " ".repeat(precision - s.length());
            }
            case REAL:
                // H2 compares a REAL with a DOUBLE as doubles: only a double that is a float equals one.
                return value instanceof Double d && (double) d.floatValue() != d ? null : toStored(value, where);
            case TIMESTAMP: {
                // H2 compares in the finer of the two scales: a value with more digits than the column equals none.
                LocalDateTime t = SqlValues.toLocalDateTime(value);
                return roundedToScale(t).equals(t) ? Timestamp.valueOf(t) : null;
            }
            case DATE:
                // H2 compares a DATE with a timestamp as timestamps: only one at midnight equals a day.
                return timeOfDay(value) != null && !timeOfDay(value).equals(java.time.LocalTime.MIDNIGHT) ? null
                        : toStored(value, where);
            default:
                return toStored(value, where);
        }
    }

    /**
     * {@code t} rounded to this TIMESTAMP's fractional digits as H2 rounds on assignment: half up, carrying
     * into the next second (and day).
     */
    private LocalDateTime roundedToScale(LocalDateTime t) {
        if (scale >= 9) {
            return t;
        }
        long unit = BigInteger.TEN.pow(9 - scale).longValueExact();
        long rest = t.getNano() % unit;
        LocalDateTime down = t.minusNanos(rest);
        return rest * 2 >= unit ? down.plusNanos(unit) : down;
    }

    /** The time of day of a timestamp value ({@link Timestamp}, {@link LocalDateTime}), or null for other values. */
    public static java.time.LocalTime timeOfDay(Object value) {
        if (value instanceof Timestamp t) {
            return t.toLocalDateTime().toLocalTime();
        }
        return value instanceof LocalDateTime t ? t.toLocalTime() : null;
    }

    /** Canonical bytes of a stored value (what RND/DET/JOIN encrypt). */
    public byte[] encode(Object stored) {
        switch (kind) {
            case INTEGER:
                return ByteBuffer.allocate(8).putLong(((Number) stored).longValue()).array();
            case BIGINT:
                return ByteBuffer.allocate(8).putLong((Long) stored).array();
            case DECIMAL: {
                byte[] unscaled = ((BigDecimal) stored).setScale(scale, RoundingMode.UNNECESSARY).unscaledValue().toByteArray();
                return unscaled;
            }
            case VARCHAR:
                return ((String) stored).getBytes(StandardCharsets.UTF_8);
            case CHAR:
                return stripTrailingSpaces((String) stored).getBytes(StandardCharsets.UTF_8);
            case DATE:
                return ByteBuffer.allocate(8).putLong(((java.sql.Date) stored).toLocalDate().toEpochDay()).array();
            case TIMESTAMP: {
                LocalDateTime t = ((Timestamp) stored).toLocalDateTime();
                return ByteBuffer.allocate(12).putLong(t.toEpochSecond(ZoneOffset.UTC)).putInt(t.getNano()).array();
            }
            case BOOLEAN:
                return new byte[] {(byte) (((Boolean) stored) ? 1 : 0)};
            case DOUBLE:
                return ByteBuffer.allocate(8).putDouble((Double) stored).array();
            case REAL:
                return ByteBuffer.allocate(4).putFloat((Float) stored).array();
            default:
                throw new IllegalStateException(kind.name());
        }
    }

    /** Inverse of {@link #encode}. */
    public Object decode(byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes);
        return switch (kind) {
            case INTEGER -> (int) b.getLong();
            case BIGINT -> b.getLong();
            case DECIMAL -> new BigDecimal(new BigInteger(bytes), scale);
            case VARCHAR -> new String(bytes, StandardCharsets.UTF_8);
            case CHAR -> {
                String s = new String(bytes, StandardCharsets.UTF_8);
                yield s + " ".repeat(Math.max(0, precision - s.length()));
            }
            case DATE -> java.sql.Date.valueOf(LocalDate.ofEpochDay(b.getLong()));
            case TIMESTAMP -> Timestamp.valueOf(LocalDateTime.ofEpochSecond(b.getLong(), b.getInt(), ZoneOffset.UTC));
            case BOOLEAN -> bytes[0] != 0;
            case DOUBLE -> b.getDouble();
            case REAL -> b.getFloat();
        };
    }

    /**
     * The exact integer a HOM (Paillier) onion adds: integers as they are, decimals as their unscaled
     * value at the column's scale.
     */
    public long additiveValue(Object stored) {
        return switch (kind) {
            case INTEGER, BIGINT -> ((Number) stored).longValue();
            case DECIMAL -> ((BigDecimal) stored).setScale(scale, RoundingMode.UNNECESSARY).unscaledValue().longValueExact();
            default -> throw new IllegalStateException("no additive value for " + ddl());
        };
    }

    /** Inverse of {@link #additiveValue} for sums: the exact sum as a decimal at the column's scale. */
    public BigDecimal fromAdditive(BigInteger sum) {
        return new BigDecimal(sum, kind == Kind.DECIMAL ? scale : 0);
    }

    private static String stripTrailingSpaces(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ') {
            end--;
        }
        return s.substring(0, end);
    }
}
