package org.maat.vault.pki;

/** Where a new vault's server will listen; its certificate names {@code host} (and loopback). */
public record ServerAddress(String host, int port) {}
