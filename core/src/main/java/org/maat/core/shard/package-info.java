/**
 * Sharded search: one shard of an index served under the monitor ({@link org.maat.core.shard.ShardService}),
 * the same shard reached over HTTP ({@link org.maat.core.shard.ShardClient}), both behind
 * {@link org.maat.core.shard.ShardSearcher}; the wire format ({@link org.maat.core.shard.ShardProtocol});
 * the shard URL list ({@link org.maat.core.shard.ShardTopology}); and the front-end's fan-out over every
 * shard with replica choice, fail-over and a merge by score ({@link org.maat.core.shard.FanOut}).
 *
 * <p>Trust: a shard believes the user and region a request names. Only the front-end, which
 * authenticated the session, may reach shard servers (an internal network or loopback); a shard
 * server must never be exposed to clients. What a shard returns is still only what its monitor
 * released for that user and region ({@code ONLY_CND_IDS+}).
 *
 * <p>No HTTP server lives here (that is {@code maat-server}); this package is plain Java and Jackson.
 */
package org.maat.core.shard;
