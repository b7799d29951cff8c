/**
 * {@code maat bench vault}: Tutamen's vault evaluation. {@link org.maat.bench.vault.VaultBenchmark}
 * starts a vault and a static Jetty baseline in this process, drives each series (get-token, fetch-secret,
 * no-op with and without a client certificate, static HTTPS and HTTP) with rising closed-loop load to its
 * knee, with connection reuse and with a full TLS handshake per request, and times a store and a fetch
 * through the vault client; {@link org.maat.bench.vault.VaultBenchReport} is the Markdown report. The load
 * generator is a raw HTTP/1.1 client over (SSL)sockets whose CPU the report shows.
 */
package org.maat.bench.vault;
