package org.maat.encdb.rewrite;

import java.util.List;

/** An INSERT, UPDATE or DELETE H2 runs as one physical statement. */
public record WritePlan(String sql, List<ParameterBinder> binders, int parameters) {
    public WritePlan {
        binders = List.copyOf(binders);
    }
}
