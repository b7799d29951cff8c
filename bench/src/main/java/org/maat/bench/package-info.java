/**
 * The benchmark layer: workloads, one closed-loop runner and the benchmarks over the product modules.
 * Product modules never depend on it.
 */
package org.maat.bench;
