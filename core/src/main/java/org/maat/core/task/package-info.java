/**
 * What confined task code is given: a {@link org.maat.core.task.TaskContext} whose handles
 * (documents, shard writers and searchers, the query, the result channel) are the only way to data,
 * each calling the task's {@link org.maat.core.task.AccessGate} before data moves.
 */
package org.maat.core.task;
