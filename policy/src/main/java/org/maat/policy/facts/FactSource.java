package org.maat.policy.facts;

import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * Read access to the fact relations a policy consults ({@code friend}, {@code employee},
 * {@code blocked}, {@code logged}, ...). Lookups go through per-position hash indexes, never a
 * scan of a relation.
 *
 * <p>{@link #version()} grows on every change, so evaluation results cached against a version are
 * never served after the facts they depended on changed.
 */
public interface FactSource {

    /** A number that changes whenever any fact is added or removed. */
    long version();

    /** Whether the fully ground fact {@code relation(args)} holds. */
    boolean contains(String relation, List<String> args);

    /**
     * The tuples of {@code relation} of the given arity that agree with {@code pattern} at every
     * non-null position. A null position is free. The result must not be modified.
     */
    Collection<List<String>> match(String relation, String[] pattern);

    /**
     * For a binary relation: the values {@code y} with {@code relation(x, y)} when {@code position}
     * is 0 (x given), or the values {@code x} with {@code relation(x, y)} when it is 1 (y given).
     * A copy, for diagnostics and tests; joins use {@link #commonNeighbours}.
     */
    Set<String> neighbours(String relation, int position, String value);

    /** The number of neighbours {@link #neighbours} would return, without building the set. */
    int degree(String relation, int position, String value);

    /**
     * The values {@code v} that are neighbours of {@code value1} in {@code relation1} (seen from
     * {@code position1}, as in {@link #neighbours}) and of {@code value2} in {@code relation2}: for
     * {@code friend(a, F) and friend(F, b)}, the F linking a to b. Two index probes and a merge of
     * two sorted lists, whatever the size of the relations.
     */
    List<String> commonNeighbours(String relation1, int position1, String value1,
                                  String relation2, int position2, String value2);

    /** Every relation name with at least one fact, for diagnostics. */
    Set<String> relations();
}
