/**
 * The trusted runtime of core's tasks: opens data sets, index directories and label stores, builds
 * the monitor and each task's {@link org.maat.core.task.TaskContext}, and runs the indexer and
 * search tasks (and their benchmarks). Task code never reaches files except through what this
 * package hands it.
 */
package org.maat.core.runtime;
