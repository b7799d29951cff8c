/**
 * The vault (Tutamen, seed 001): secrets split k-of-n across storage servers, each share released only with
 * tokens from a quorum of access-control servers. {@code config} and {@code pki} read and create a vault
 * directory; {@code token}, {@code store}, {@code acs}, {@code ss} and {@code server} are the servers;
 * {@code client} splits, stores and recovers secrets and is Maat's {@code vault:} key source. The wire
 * protocol is in the module's PROTOCOL.md.
 */
package org.maat.vault;
