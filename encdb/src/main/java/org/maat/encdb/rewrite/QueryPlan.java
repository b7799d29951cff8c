package org.maat.encdb.rewrite;

import java.util.List;

/**
 * A SELECT rewritten onto the physical schema: the physical SQL and its binders, the result columns
 * (the first {@code visible} are the application's; the rest are decrypted only for client-side
 * steps), and the exact client-side steps some queries need after decryption: LIKE re-checks of
 * SEARCH candidates, DISTINCT, ORDER BY on text, and LIMIT/OFFSET after those.
 */
public final class QueryPlan implements Plan {

    /** Keep rows whose result column {@code column} matches the LIKE pattern. */
    public record LikeFilter(int column, ValueSource pattern, char escape) {
        public boolean matches(Object value, Object[] params) throws java.sql.SQLException {
            Object p = pattern.value(params);
            return value != null && p != null && LikeMatcher.matches(value.toString(), p.toString(), escape);
        }
    }

    /** Sort on result column {@code column}; H2 orders NULL first when ascending unless told otherwise. */
    public record SortKey(int column, boolean ascending, boolean nullsFirst) {
    }

    private final String sql;
    private final List<ParameterBinder> binders;
    private final int parameters;
    private final List<ResultColumn> columns;
    private final int visible;
    private final List<LikeFilter> filters;
    private final boolean clientDistinct;
    private final List<SortKey> clientSort;
    private final ValueSource limit;
    private final ValueSource offset;

    QueryPlan(String sql, List<ParameterBinder> binders, int parameters, List<ResultColumn> columns, int visible,
            List<LikeFilter> filters, boolean clientDistinct, List<SortKey> clientSort, ValueSource limit,
            ValueSource offset) {
        this.sql = sql;
        this.binders = List.copyOf(binders);
        this.parameters = parameters;
        this.columns = List.copyOf(columns);
        this.visible = visible;
        this.filters = List.copyOf(filters);
        this.clientDistinct = clientDistinct;
        this.clientSort = List.copyOf(clientSort);
        this.limit = limit;
        this.offset = offset;
    }

    public String sql() {
        return sql;
    }

    public List<ParameterBinder> binders() {
        return binders;
    }

    @Override
    public int parameters() {
        return parameters;
    }

    public List<ResultColumn> columns() {
        return columns;
    }

    public int visible() {
        return visible;
    }

    public List<LikeFilter> filters() {
        return filters;
    }

    public boolean clientDistinct() {
        return clientDistinct;
    }

    public List<SortKey> clientSort() {
        return clientSort;
    }

    /** Client-side LIMIT, or null (then H2 applies any limit). */
    public ValueSource limit() {
        return limit;
    }

    public ValueSource offset() {
        return offset;
    }

    @Override
    public <R> R accept(Cases<R> cases) throws java.sql.SQLException {
        return cases.query(this);
    }

    @Override
    public boolean cacheable() {
        return true;
    }

    @Override
    public String physicalSql() {
        return sql;
    }

    @Override
    public java.util.Optional<QueryPlan> resultQuery() {
        return java.util.Optional.of(this);
    }

    /**
     * Why H2 cannot take one of this query's constants, or null. Some refusals come only when a value is
     * encrypted for its layer (a LIKE pattern without a searchable word); this binds the constants into a
     * statement that ignores them, with every parameter unset: a binder that needs a parameter's value
     * stops there and is checked when it runs.
     */
    public java.sql.SQLFeatureNotSupportedException refusedConstant() {
        java.sql.PreparedStatement sink = (java.sql.PreparedStatement) java.lang.reflect.Proxy.newProxyInstance(
                QueryPlan.class.getClassLoader(), new Class<?>[] {java.sql.PreparedStatement.class},
                (proxy, method, args) -> method.getReturnType() == boolean.class ? false
                        : method.getReturnType() == int.class ? 0 : null);
        Object[] unset = new Object[parameters];
        java.util.Arrays.fill(unset, ValueSource.Unset.UNSET);
        for (ParameterBinder b : binders) {
            try {
                b.bind(unset, sink);
            } catch (java.sql.SQLFeatureNotSupportedException refused) {
                return refused;
            } catch (java.sql.SQLException | RuntimeException needsAValue) {
                // depends on a parameter's value
            }
        }
        return null;
    }

    /** Whether rows must be decrypted and post-processed on the client before the application sees them. */
    public boolean clientSide() {
        return !filters.isEmpty() || clientDistinct || !clientSort.isEmpty() || limit != null || offset != null;
    }
}
