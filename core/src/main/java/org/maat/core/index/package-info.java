/**
 * Indexer task code: the index fields, the shard router every indexer shares, and the sequential
 * indexer. It reaches data only through its task context.
 */
package org.maat.core.index;
