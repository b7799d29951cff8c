/**
 * Maat on embedded Jetty 12: {@link org.maat.server.ShardServer} (one shard of an index over HTTP,
 * the protocol of {@code org.maat.core.shard}), {@link org.maat.server.FrontendServer} (the search
 * front-end WAR deployed unchanged through a {@code WebAppContext}) and
 * {@link org.maat.server.SearchDeployment} (both together on loopback: what {@code maat serve} runs).
 *
 * <p>Shard servers believe the user and region a request names only when the request is signed with
 * the deployment's shard secret ({@code org.maat.core.shard.ShardRequestAuth}); requests travel
 * unencrypted, so bind them to loopback or an internal network, never to clients.
 */
package org.maat.server;
