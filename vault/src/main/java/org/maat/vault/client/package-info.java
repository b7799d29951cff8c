/**
 * The vault's client: {@link org.maat.vault.client.VaultClient} stores a secret as k-of-n Shamir shares
 * ({@link org.maat.vault.client.Shares}, with a check value) on the storage servers under tokens from a
 * quorum of access-control servers, reads it back from the first k shares that agree
 * ({@link org.maat.vault.client.ShareSet}), and reports where each operation spent its time
 * ({@link org.maat.vault.client.Timings}). {@link org.maat.vault.client.VaultKeySourceProvider} makes a
 * vault secret a Maat key source: {@code vault:DIR/COLLECTION/NAME}.
 */
package org.maat.vault.client;
