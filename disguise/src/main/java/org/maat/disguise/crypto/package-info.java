/**
 * The principal's keys and the one sealing scheme: HPKE (RFC 9180) base mode with
 * DHKEM(X25519, HKDF-SHA256), HKDF-SHA256 and ChaCha20-Poly1305, from Bouncy Castle. A private key is
 * never stored by Maat: the user keeps a key file or a recovery phrase from which it is derived.
 */
package org.maat.disguise.crypto;
