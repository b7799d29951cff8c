/**
 * The MapReduce indexer's entry points: {@link org.maat.indexer.MapReduceIndexing} (local mode, in
 * this process, what {@code maat index --engine mapreduce} and {@code maat demo} run),
 * {@link org.maat.indexer.IndexTool} (a Hadoop {@code Tool} for {@code hadoop jar} on a cluster) and
 * {@link org.maat.indexer.EngineBenchmark} (every engine side by side).
 */
package org.maat.indexer;
