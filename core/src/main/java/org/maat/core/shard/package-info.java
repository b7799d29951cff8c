/**
 * Sharded search: one shard of an index served under the monitor ({@link org.maat.core.shard.ShardService}),
 * the same shard reached over HTTP ({@link org.maat.core.shard.ShardClient}), both behind
 * {@link org.maat.core.shard.ShardSearcher}; the wire format ({@link org.maat.core.shard.ShardProtocol});
 * the shard URL list ({@link org.maat.core.shard.ShardTopology}); and the front-end's fan-out over every
 * shard with replica choice, fail-over and a merge by score ({@link org.maat.core.shard.FanOut}).
 *
 * <p>Trust: a shard believes the user and region a request names, but only in a request signed with
 * the deployment's {@link org.maat.core.shard.ShardSecret} ({@link org.maat.core.shard.ShardRequestAuth}),
 * which only the front-end, having authenticated the session, holds. Requests travel unencrypted: keep
 * shard servers on loopback or an internal network. What a shard returns is still only what its monitor
 * released for that user and region ({@code ONLY_CND_IDS+}).
 *
 * <p>No HTTP server lives here (that is {@code maat-server}); this package is plain Java and Jackson.
 */
package org.maat.core.shard;
