package org.maat.disguise.crypto;

import org.bouncycastle.crypto.hpke.HPKE;

/** The one HPKE suite of disguises: base mode, DHKEM(X25519, HKDF-SHA256), HKDF-SHA256, ChaCha20-Poly1305. */
final class Hpke {

    private static final HPKE SUITE = new HPKE(HPKE.mode_base, HPKE.kem_X25519_SHA256, HPKE.kdf_HKDF_SHA256,
            HPKE.aead_CHACHA20_POLY1305);

    private Hpke() {
    }

    /** Bouncy Castle's HPKE holds no per-message state, so one instance serves every thread. */
    static HPKE suite() {
        return SUITE;
    }

    /** Length of the encapsulated key that starts every sealed message. */
    static int encapsulationLength() {
        return SUITE.getEncSize();
    }
}
