/**
 * Maat's encrypted query layer: CryptDB-style onions over H2 behind a JDBC driver, so an
 * application's plain SQL runs while H2 stores only ciphertext. Independent of the policy monitor.
 */
package org.maat.encdb;
