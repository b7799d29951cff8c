/**
 * What confined task code is given: a {@link org.maat.core.task.TaskContext} whose handles
 * (documents, the index sink, shard searchers, the query, the result channel) are the only way to data,
 * each calling the task's {@link org.maat.core.task.AccessGate} before data moves; everything that leaves
 * a search task (released ids, its failures) crosses one {@link org.maat.core.task.TaskBoundary}, and every
 * entry an indexer task writes crosses one {@link org.maat.core.task.IndexEntryCheck}. Which gates a run's
 * tasks get is its {@link org.maat.core.task.Monitoring}, chosen once where the run starts: the
 * reference monitor's, or, for the {@code --no-policy} baseline, gates that check nothing.
 */
package org.maat.core.task;
