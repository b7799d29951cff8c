/**
 * The benchmarks' one closed-loop runner ({@link org.maat.bench.load.ClosedLoop}) and the latency
 * figures every report prints ({@link org.maat.bench.load.Latencies}).
 */
package org.maat.bench.load;
