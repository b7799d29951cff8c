/**
 * JMH microbenchmarks of the policy monitor (ARCHITECTURE.md section 6): Thoth's file-read
 * microbenchmark on the real conduit store ({@code ConduitRead}: 4 KB, 96 KB, 512 KB documents under
 * each policy against no monitor, and friend lists of 12/50/100), read checks on the cached fast path
 * and uncached, write checks with declassification and the ONLY_CND_IDS releases against an unchecked
 * write, index-policy file creation against a plain file, and the cost of tainting a confined task.
 * Every monitor benchmark works on the product's population (core's {@code FriendGraph}) behind one
 * monitor ({@code MonitorFixture}).
 * {@code OnionPrimitives} measures the encrypted layer's schemes (RND, DET, OPE, HOM, SEARCH) one
 * operation at a time. {@code org.maat.cli.bench.BenchJmhCommand} runs them and
 * {@code org.maat.jmh.report.JmhReport} tabulates them against their baselines.
 */
package org.maat.jmh;
