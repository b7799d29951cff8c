package org.maat.disguise.crypto;

import org.bouncycastle.crypto.hpke.HPKE;

/** The one HPKE suite of disguises: base mode, DHKEM(X25519, HKDF-SHA256), HKDF-SHA256, ChaCha20-Poly1305. */
final class Hpke {

    /**
     * One instance per thread: Bouncy Castle's HPKE keeps its HKDF (an HMac over one SHA-256 digest) and
     * its DH agreement as fields, so two threads sealing at once corrupt each other's key schedule (seen
     * as ArrayIndexOutOfBounds in the digest, and, worse, as sealed bags that never open again).
     */
    private static final ThreadLocal<HPKE> SUITE = ThreadLocal.withInitial(() -> new HPKE(HPKE.mode_base,
            HPKE.kem_X25519_SHA256, HPKE.kdf_HKDF_SHA256, HPKE.aead_CHACHA20_POLY1305));

    private Hpke() {
    }

    /** This thread's instance. */
    static HPKE suite() {
        return SUITE.get();
    }

    /** Length of the encapsulated key that starts every sealed message. */
    static int encapsulationLength() {
        return SUITE.get().getEncSize();
    }
}
