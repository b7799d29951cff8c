/**
 * {@code maat bench disguise}: Edna's evaluation of reversible disguises, on the
 * WebSubmit-shaped workload and the ERP HR schema over JDBC, the cost of each cryptographic operation,
 * and the impact of continuous disguising on concurrent normal edits
 * ({@link org.maat.bench.disguise.DisguiseBenchmark}).
 */
package org.maat.bench.disguise;
