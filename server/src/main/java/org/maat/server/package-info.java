/**
 * Maat on embedded Jetty 12: {@link org.maat.server.ShardServer} (one shard of an index over HTTP,
 * the protocol of {@code org.maat.core.shard}), {@link org.maat.server.FrontEndServer} (the search
 * front-end WAR deployed unchanged through a {@code WebAppContext}) and
 * {@link org.maat.server.SearchDeployment} (both together on loopback: what {@code maat serve} runs).
 *
 * <p>Shard servers trust the user and region a request names: bind them to loopback or an internal
 * network that only the front-end reaches, never to clients.
 */
package org.maat.server;
