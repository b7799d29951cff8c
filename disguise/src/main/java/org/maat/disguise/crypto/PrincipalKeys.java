package org.maat.disguise.crypto;

/**
 * Generates principals' key pairs. X25519 key generation costs tens of microseconds (the seed's RSA
 * pairs cost 301 ms and needed a pre-generated pool), so pseudoprincipals get a fresh pair each, on
 * demand, with no pool.
 */
public final class PrincipalKeys {

    private PrincipalKeys() {
    }

    /** A fresh key pair from the system's strong random source; the public half is {@link PrivateKey#publicKey()}. */
    public static PrivateKey generate() {
        return PrivateKey.of(Hpke.suite().generatePrivateKey());
    }
}
