package org.maat.core.task;

import java.util.List;

/**
 * Trusted code that scores a result list the monitor released, outside the task: the task only
 * chooses ids and their order, and this gives each id the index's own score for the query and
 * refuses ({@link org.maat.policy.monitor.PolicyViolation}) a list whose order is not the index's
 * ranking. So nothing the task chose beyond ids and their order travels with them. Given to a
 * {@link ResultChannel} by the runtime, never by task code.
 */
@FunctionalInterface
public interface ReleaseRanking {

    /** {@code ids} with their scores, in the same order; throws PolicyViolation when the order is not the ranking's. */
    List<RankedId> rank(List<String> ids);
}
