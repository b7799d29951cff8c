/**
 * {@code maat bench index}: the sequential indexer with and without the monitor, and every indexing
 * engine (sequential, MapReduce with each reducer count) side by side.
 */
package org.maat.bench.index;
