package org.maat.encdb.jdbc;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Statements with positional parameters, and query answers in a form that compares equal between
 * plain H2 and the driver: decimals without trailing zeros, whole numbers as {@code Long}. Shared by
 * the driver's tests and, through this module's test jar, by the ERP workload's.
 */
public final class JdbcRows {

    private JdbcRows() {
    }

    /** Every row of {@code sql} run with {@code params}, in the order the database returns them. */
    public static List<List<Object>> rows(Connection c, String sql, Object... params) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            List<List<Object>> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    List<Object> row = new ArrayList<>();
                    for (int i = 1; i <= n; i++) {
                        Object v = rs.getObject(i);
                        row.add(v instanceof BigDecimal d ? d.stripTrailingZeros().toPlainString()
                                : v instanceof Number num && !(v instanceof Double) ? Long.valueOf(num.longValue()) : v);
                    }
                    out.add(row);
                }
            }
            return out;
        }
    }

    /** Runs one update with {@code args} as its parameters. */
    public static void exec(Connection conn, String sql, Object... args) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                ps.setObject(i + 1, args[i]);
            }
            ps.executeUpdate();
        }
    }
}
