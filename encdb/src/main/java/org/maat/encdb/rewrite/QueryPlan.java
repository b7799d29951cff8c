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

    /**
     * The statement H2 runs: its SQL and binders, the number of application parameters, and its result
     * columns, of which the first {@code visible} are the application's (the rest are decrypted only for
     * client-side steps).
     */
    record Physical(String sql, List<ParameterBinder> binders, int parameters, List<ResultColumn> columns,
            int visible) {
        Physical {
            binders = List.copyOf(binders);
            columns = List.copyOf(columns);
        }
    }

    /**
     * What the client does with the decrypted rows, in this order: keep those matching every LIKE
     * {@code filter}, drop duplicates ({@code distinct}), {@code sort}, then apply {@code offset} and
     * {@code limit} (null: H2 applies any).
     */
    record ClientSteps(List<LikeFilter> filters, boolean distinct, List<SortKey> sort, ValueSource limit,
            ValueSource offset) {
        ClientSteps {
            filters = List.copyOf(filters);
            sort = List.copyOf(sort);
        }
    }

    private final Physical physical;
    private final ClientSteps client;

    QueryPlan(Physical physical, ClientSteps client) {
        this.physical = physical;
        this.client = client;
    }

    public String sql() {
        return physical.sql();
    }

    public List<ParameterBinder> binders() {
        return physical.binders();
    }

    @Override
    public int parameters() {
        return physical.parameters();
    }

    public List<ResultColumn> columns() {
        return physical.columns();
    }

    public int visible() {
        return physical.visible();
    }

    public List<LikeFilter> filters() {
        return client.filters();
    }

    public boolean clientDistinct() {
        return client.distinct();
    }

    public List<SortKey> clientSort() {
        return client.sort();
    }

    /** Client-side LIMIT, or null (then H2 applies any limit). */
    public ValueSource limit() {
        return client.limit();
    }

    public ValueSource offset() {
        return client.offset();
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
        return physical.sql();
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
        Object[] unset = new Object[physical.parameters()];
        java.util.Arrays.fill(unset, ValueSource.Unset.UNSET);
        for (ParameterBinder b : physical.binders()) {
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
        return !client.filters().isEmpty() || client.distinct() || !client.sort().isEmpty() || client.limit() != null
                || client.offset() != null;
    }
}
