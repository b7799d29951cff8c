package org.maat.encdb.rewrite;

import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.maat.encdb.schema.RoutineDefinition;
import org.maat.encdb.schema.TriggerDefinition;
import org.maat.encdb.schema.ViewDefinition;

/**
 * What the driver runs for one statement of the application's SQL, as {@link StatementRewriter#plan}
 * returns it. The kinds are closed: queries, writes H2 runs as one statement, writes the driver runs
 * row by row or as a batch of decrypted rows, procedure calls, and schema changes.
 *
 * <p>The code targets Java 17, which has no pattern {@code switch}; {@link #accept} is the exhaustive
 * switch instead: it calls the one method of {@link Cases} for its kind, so a kind added here that the
 * executor does not handle fails to compile. Code that only needs a property of a plan asks it
 * ({@link #parameters()}, {@link #cacheable()}, {@link #physicalSql()}) rather than testing its class.
 */
public sealed interface Plan permits QueryPlan, SplitPlan, Plan.Explain, WritePlan, InsertSelectPlan, RowwisePlan,
        Plan.Call, DdlPlan, Plan.CreateView, Plan.CreateRoutine, Plan.CreateTrigger, Plan.Drop, Plan.PassThrough {

    /** One method per kind of plan: what to do with it. */
    interface Cases<R> {
        R query(QueryPlan plan) throws SQLException;

        R split(SplitPlan plan) throws SQLException;

        R explain(Explain plan) throws SQLException;

        R write(WritePlan plan) throws SQLException;

        R insertSelect(InsertSelectPlan plan) throws SQLException;

        R rowwise(RowwisePlan plan) throws SQLException;

        R call(Call plan) throws SQLException;

        R ddl(DdlPlan plan) throws SQLException;

        R createView(CreateView plan) throws SQLException;

        R createRoutine(CreateRoutine plan) throws SQLException;

        R createTrigger(CreateTrigger plan) throws SQLException;

        R drop(Drop plan) throws SQLException;

        R passThrough(PassThrough plan) throws SQLException;
    }

    /** Calls the method of {@code cases} for this plan's kind. */
    <R> R accept(Cases<R> cases) throws SQLException;

    /** Number of application parameters ({@code ?}) the statement takes. */
    default int parameters() {
        return 0;
    }

    /**
     * Whether the plan depends only on the SQL text and the catalog version, so that it may be reused
     * for the same text until the catalog changes. Schema changes and calls are planned afresh.
     */
    default boolean cacheable() {
        return false;
    }

    /** The one physical statement H2 runs for this plan (for EXPLAIN and diagnostics), or null. */
    default String physicalSql() {
        return null;
    }

    /** The query whose result columns this plan returns, if it returns rows. */
    default Optional<QueryPlan> resultQuery() {
        return Optional.empty();
    }

    /** The physical write a batch of this statement's parameter sets can run as (one H2 batch), if any. */
    default Optional<WritePlan> batchWrite() {
        return Optional.empty();
    }

    /** {@code EXPLAIN SELECT ...}: the lines describing the query's plan, one result row each (column PLAN). */
    record Explain(List<String> lines, int parameters) implements Plan {
        public Explain {
            lines = List.copyOf(lines);
        }

        @Override
        public boolean cacheable() {
            return true;
        }

        @Override
        public <R> R accept(Cases<R> cases) throws SQLException {
            return cases.explain(this);
        }
    }

    /** {@code CALL procedure(args)}: a procedure created through the driver, run on the client. */
    record Call(String routine, List<ValueSource> arguments, int parameters) implements Plan {
        public Call {
            arguments = List.copyOf(arguments);
        }

        @Override
        public <R> R accept(Cases<R> cases) throws SQLException {
            return cases.call(this);
        }
    }

    /** {@code CREATE VIEW}: stored in the catalog and expanded into the queries that use it. */
    record CreateView(ViewDefinition view, boolean orReplace) implements Plan {
        @Override
        public <R> R accept(Cases<R> cases) throws SQLException {
            return cases.createView(this);
        }
    }

    /** {@code CREATE ALIAS name FOR "class.method"}: a procedure the driver runs on the client. */
    record CreateRoutine(RoutineDefinition routine) implements Plan {
        @Override
        public <R> R accept(Cases<R> cases) throws SQLException {
            return cases.createRoutine(this);
        }
    }

    /** {@code CREATE TRIGGER ... FOR EACH ROW CALL "class"}: a trigger the driver fires with decrypted rows. */
    record CreateTrigger(TriggerDefinition trigger) implements Plan {
        @Override
        public <R> R accept(Cases<R> cases) throws SQLException {
            return cases.createTrigger(this);
        }
    }

    /** {@code DROP TABLE|VIEW|INDEX|TRIGGER name}; {@code cascade}: also the views that use it. */
    record Drop(String kind, String name, boolean ifExists, boolean cascade) implements Plan {
        @Override
        public <R> R accept(Cases<R> cases) throws SQLException {
            return cases.drop(this);
        }
    }

    /** A physical statement without application data (an index on onion columns, COMMIT, SET ...). */
    record PassThrough(String sql) implements Plan {
        @Override
        public <R> R accept(Cases<R> cases) throws SQLException {
            return cases.passThrough(this);
        }

        /** Whether the statement changes the schema (and so waits for open transactions). */
        public boolean createsSchema() {
            return sql.strip().toUpperCase(java.util.Locale.ROOT).startsWith("CREATE");
        }
    }
}
