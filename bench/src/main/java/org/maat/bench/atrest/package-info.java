/**
 * {@code maat bench atrest}: SwitchCrypt's evaluation on Maat's encrypted volume. Write-then-read workloads of the
 * SwitchCrypt's sizes, sequential and random, for each cipher alone against plain {@code FileChannel} I/O and for each
 * switching model at SwitchCrypt's ratios; the trade-off chart; CPU time per byte (the stand-in for SwitchCrypt's energy);
 * the JVM's raw ChaCha20 limit; and the cost of an encrypted index on indexing and search.
 */
package org.maat.bench.atrest;
