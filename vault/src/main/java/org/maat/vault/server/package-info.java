/**
 * The vault's servers over HTTPS: {@link org.maat.vault.server.VaultServer} serves one server id's
 * access-control ({@code /acs}) and storage ({@code /ss}) APIs on one embedded Jetty 12 port;
 * {@link org.maat.vault.server.VaultServers} runs several in one process.
 */
package org.maat.vault.server;
