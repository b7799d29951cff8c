package org.maat.encdb.rewrite;

import java.util.List;
import org.maat.encdb.schema.Catalog;
import org.maat.encdb.schema.EncryptedTable;

/**
 * A schema change: the physical DDL and data changes to run (in one transaction with the catalog
 * update) and the logical tables as they are afterwards.
 */
public record DdlPlan(List<EncryptedTable> changed, Catalog.Change apply) implements Plan {
    public DdlPlan {
        changed = List.copyOf(changed);
    }

    @Override
    public <R> R accept(Cases<R> cases) throws java.sql.SQLException {
        return cases.ddl(this);
    }
}
