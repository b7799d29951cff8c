/**
 * The MapReduce indexer's entry points: {@link org.maat.indexer.MapReduceIndexing} (local mode, in
 * this process, what {@code maat index --engine mapreduce} and {@code maat demo} run) and
 * {@link org.maat.indexer.job.IndexJob} (a job for a real cluster, which the cli module's
 * {@code org.maat.cli.index.IndexTool} submits through {@code hadoop jar}). The engines' benchmark
 * is in {@code maat-bench}.
 */
package org.maat.indexer;
