package org.maat.disguise.spec;

import java.util.List;
import java.util.Map;

/**
 * One disguise, as read from its specification file ({@code source}, named in errors). Steps run in
 * order: references are decorrelated before the rows they point at are removed.
 *
 * @param principal      for a JDBC spec, the table and column that identify a principal; null for search data
 * @param pseudoprincipal for a JDBC spec, how each column of a new pseudoprincipal row is made (empty for search data)
 */
public record DisguiseSpec(String name, String description, AppliesTo appliesTo, PrincipalTable principal,
                           Map<String, ValueRule> pseudoprincipal, List<Step> steps, String source) {

    public DisguiseSpec {
        pseudoprincipal = Map.copyOf(pseudoprincipal);
        steps = List.copyOf(steps);
    }

    /** Whether a spec is over a JDBC database's tables or over Maat's search data kinds. */
    public enum AppliesTo { JDBC, SEARCH }

    /** The table of principals and its identifying column, e.g. {@code EMPLOYEES.EMPLOYEE_ID}. */
    public record PrincipalTable(String table, String id) {
    }

    /** The data kinds of Maat's search data a search spec names as its steps' targets. */
    public enum SearchKind {
        DOCUMENTS, FRIENDSHIPS, HISTORY, LOGIN;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** Where in the spec file a step was written, for errors about it. */
    public record Position(int line, int column) {
        @Override
        public String toString() {
            return line + ":" + column;
        }
    }

    /**
     * One step; {@code target} is a table (JDBC) or a {@link SearchKind#label()} (search data). Code that acts
     * on steps does so through {@link #accept}: a new kind of step then fails to compile wherever it is not
     * handled, rather than falling through an {@code instanceof} chain.
     */
    public sealed interface Step permits Remove, Modify, Decorrelate {
        String target();

        Position at();

        /** The column of {@link #target()} that names the principal whose rows the step changes. */
        String ownerColumn();

        /** Calls the method of {@code visitor} for this kind of step. */
        <R, E extends Exception> R accept(Visitor<R, E> visitor) throws E;
    }

    /** What to do with each kind of {@link Step}; {@code E} is what the actions may throw. */
    public interface Visitor<R, E extends Exception> {
        R remove(Remove step) throws E;

        R modify(Modify step) throws E;

        R decorrelate(Decorrelate step) throws E;
    }

    /** Removes the rows of {@code target} whose {@code owner} column is the principal (or one it speaks for). */
    public record Remove(String target, String owner, List<String> key, Position at) implements Step {
        public Remove {
            key = List.copyOf(key);
        }

        @Override
        public String ownerColumn() {
            return owner;
        }

        @Override
        public <R, E extends Exception> R accept(Visitor<R, E> visitor) throws E {
            return visitor.remove(this);
        }
    }

    /** Rewrites {@code columns} of the principal's rows of {@code target}, each by its rule. */
    public record Modify(String target, String owner, List<String> key, Map<String, ValueRule> columns, Position at)
            implements Step {
        public Modify {
            key = List.copyOf(key);
            columns = Map.copyOf(columns);
        }

        @Override
        public String ownerColumn() {
            return owner;
        }

        @Override
        public <R, E extends Exception> R accept(Visitor<R, E> visitor) throws E {
            return visitor.modify(this);
        }
    }

    /**
     * Points {@code column} of {@code target}'s rows that reference the principal at a pseudoprincipal:
     * one for all of them ({@link Pseudoprincipals#ONE}) or a fresh one per row ({@link Pseudoprincipals#PER_ROW}).
     */
    public record Decorrelate(String target, String column, List<String> key, Pseudoprincipals pseudoprincipals,
                              Position at) implements Step {
        public Decorrelate {
            key = List.copyOf(key);
        }

        @Override
        public String ownerColumn() {
            return column;
        }

        @Override
        public <R, E extends Exception> R accept(Visitor<R, E> visitor) throws E {
            return visitor.decorrelate(this);
        }
    }

    public enum Pseudoprincipals { ONE, PER_ROW }
}
