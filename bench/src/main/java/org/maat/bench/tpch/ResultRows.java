package org.maat.bench.tpch;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;

/**
 * A query's result read whole: its column types and scales as the result set's metadata reports them, and
 * its rows as JDBC objects, in the order returned.
 */
record ResultRows(List<Integer> types, List<Integer> scales, List<Object[]> rows) {

    static ResultRows read(ResultSet rs) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        List<Integer> types = new ArrayList<>();
        List<Integer> scales = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            types.add(md.getColumnType(i));
            scales.add(md.getScale(i));
        }
        List<Object[]> rows = new ArrayList<>();
        while (rs.next()) {
            Object[] row = new Object[n];
            for (int i = 0; i < n; i++) {
                row[i] = rs.getObject(i + 1);
            }
            rows.add(row);
        }
        return new ResultRows(types, scales, rows);
    }

    /**
     * The rows as text fit for exact comparison: numbers as BigDecimal at the scale of {@code reference}'s
     * column when it is DECIMAL/NUMERIC (so 2.50 and 2.5 agree, 2.50 and 2.51 do not), other values by
     * their string form, NULL as {@code NULL}.
     */
    List<List<String>> canonical(ResultRows reference) {
        List<List<String>> out = new ArrayList<>();
        for (Object[] row : rows) {
            List<String> r = new ArrayList<>(row.length);
            for (int i = 0; i < row.length; i++) {
                r.add(value(row[i], i < reference.types.size() ? reference.types.get(i) : Types.OTHER,
                        i < reference.scales.size() ? reference.scales.get(i) : -1));
            }
            out.add(r);
        }
        return out;
    }

    private static String value(Object v, int type, int scale) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof Number num) {
            BigDecimal d = num instanceof BigDecimal b ? b : new BigDecimal(num.toString());
            if ((type == Types.DECIMAL || type == Types.NUMERIC) && scale >= 0) {
                d = d.setScale(scale, RoundingMode.HALF_UP);
            }
            return d.toPlainString();
        }
        return v.toString();
    }
}
