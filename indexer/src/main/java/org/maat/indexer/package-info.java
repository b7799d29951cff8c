/**
 * The MapReduce indexer's entry points: {@link org.maat.indexer.MapReduceIndexing} (local mode, in
 * this process, what {@code maat index --engine mapreduce} and {@code maat demo} run) and
 * {@link org.maat.indexer.IndexTool} (a Hadoop {@code Tool} for {@code hadoop jar} on a cluster). The
 * engines' benchmark is in {@code maat-bench}.
 */
package org.maat.indexer;
