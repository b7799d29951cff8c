package org.maat.erp;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Runs ERP queries on one connection (H2's for a plain database, Maat's for an encrypted one),
 * preparing each query's SQL once and reusing the statement, as an application would. Not
 * thread-safe: one runner per connection.
 */
public final class QueryRunner implements AutoCloseable {

    private final Connection conn;
    private final Map<ErpQuery, PreparedStatement> prepared = new EnumMap<>(ErpQuery.class);

    public QueryRunner(Connection conn) {
        this.conn = conn;
    }

    /** Executes {@code query} with positional {@code values} and reads its whole result. */
    public QueryResult run(ErpQuery query, List<Object> values) throws SQLException {
        long start = System.nanoTime();
        PreparedStatement st = statement(query);
        for (int i = 0; i < values.size(); i++) {
            st.setObject(i + 1, values.get(i));
        }
        if (query.modifies()) {
            int count = st.executeUpdate();
            return new QueryResult(query, List.of(), List.of(), count, System.nanoTime() - start);
        }
        List<String> columns = new ArrayList<>();
        List<List<Object>> rows = new ArrayList<>();
        try (ResultSet rs = st.executeQuery()) {
            ResultSetMetaData md = rs.getMetaData();
            int n = md.getColumnCount();
            for (int c = 1; c <= n; c++) {
                columns.add(md.getColumnLabel(c));
            }
            while (rs.next()) {
                List<Object> row = new ArrayList<>(n);
                for (int c = 1; c <= n; c++) {
                    row.add(rs.getObject(c));
                }
                rows.add(row);
            }
        }
        return new QueryResult(query, columns, rows, -1, System.nanoTime() - start);
    }

    private PreparedStatement statement(ErpQuery query) throws SQLException {
        PreparedStatement st = prepared.get(query);
        if (st == null) {
            st = conn.prepareStatement(query.sql());
            prepared.put(query, st);
        }
        return st;
    }

    /** Closes the prepared statements, not the connection. */
    @Override
    public void close() throws SQLException {
        SQLException first = null;
        for (PreparedStatement st : prepared.values()) {
            try {
                st.close();
            } catch (SQLException e) {
                first = first == null ? e : first;
            }
        }
        prepared.clear();
        if (first != null) {
            throw first;
        }
    }
}
