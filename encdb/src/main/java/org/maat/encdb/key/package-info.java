/**
 * Key material of the encrypted layer: a {@link org.maat.keys.KeySource} supplies the 32-byte
 * master key (by default a {@link org.maat.keys.KeyFile}), and
 * {@link org.maat.encdb.key.KeyDerivation} derives every column, onion and layer key from it with
 * HKDF-SHA256, so one secret protects the database and no derived key reveals another.
 */
package org.maat.encdb.key;
