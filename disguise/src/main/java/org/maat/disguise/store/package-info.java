/**
 * The vault of disguised data: bags of sealed records found only by random {@link
 * org.maat.disguise.store.Locator}s, and the registry of principals' public keys. A store keeps a
 * bag under a hash of its locator, so what Maat stores names neither the principal nor the disguise,
 * and a copy of the store alone gives no locator to present.
 */
package org.maat.disguise.store;
