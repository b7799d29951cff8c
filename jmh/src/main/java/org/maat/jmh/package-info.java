/**
 * JMH microbenchmarks of the policy monitor (ARCHITECTURE.md section 6): read checks on the cached
 * fast path and uncached, write checks with declassification and the ONLY_CND_IDS releases, and the
 * cost of tainting a confined task. Every benchmark works on a seeded Thoth-style
 * population ({@code Population}). {@code OnionPrimitives} measures the encrypted layer's schemes
 * (RND, DET, OPE, HOM, SEARCH) one operation at a time.
 */
package org.maat.jmh;
