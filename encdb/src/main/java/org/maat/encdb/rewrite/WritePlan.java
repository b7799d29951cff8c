package org.maat.encdb.rewrite;

import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/** An INSERT, UPDATE or DELETE H2 runs as one physical statement. */
public record WritePlan(String sql, List<ParameterBinder> binders, int parameters) implements Plan {
    public WritePlan {
        binders = List.copyOf(binders);
    }

    @Override
    public <R> R accept(Cases<R> cases) throws SQLException {
        return cases.write(this);
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
    public Optional<WritePlan> batchWrite() {
        return Optional.of(this);
    }
}
