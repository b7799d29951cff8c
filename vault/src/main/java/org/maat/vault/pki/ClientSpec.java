package org.maat.vault.pki;

/** A client a new vault issues a certificate to, and the account it belongs to. */
public record ClientSpec(String name, String account) {}
