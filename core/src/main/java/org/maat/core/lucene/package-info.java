/**
 * Lucene under the monitor: {@link org.maat.core.lucene.PolicyDirectory} (every file opened taints,
 * every file created is a checked, labelled write), the label store published atomically with the
 * shards' commits, and the shard writers and readers the runtime opens for tasks.
 */
package org.maat.core.lucene;
