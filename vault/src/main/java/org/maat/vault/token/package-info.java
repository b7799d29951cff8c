/**
 * The vault's tokens (PROTOCOL.md, "Tokens"): an access-control server signs a {@link org.maat.vault.token.Token}
 * with its Ed25519 key ({@link org.maat.vault.token.TokenSigner}); a storage server checks a request's tokens
 * against the object, action, client and the collection's access-control servers
 * ({@link org.maat.vault.token.TokenVerifier}). A request refused anywhere in the vault is a
 * {@link org.maat.vault.token.Refusal}: an HTTP status and the protocol's error code.
 */
package org.maat.vault.token;
