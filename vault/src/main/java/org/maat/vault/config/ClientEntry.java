package org.maat.vault.config;

/**
 * A client known to the vault: its name, the account it belongs to, and the lower-hex SHA-256 fingerprint
 * of its certificate (DER), by which servers recognise it on a TLS connection.
 */
public record ClientEntry(String name, String account, String fingerprint) {}
