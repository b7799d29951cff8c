/**
 * The Hadoop job: an input format over conduit stores on any Hadoop file system, confined mappers
 * that route documents with the shared shard router, confined reducers that build Lucene shards
 * through {@code PolicyDirectory}, and the committer that publishes shards and labels only when the
 * job succeeded and the monitor allowed every committed task's taint into the index.
 */
package org.maat.indexer.job;
