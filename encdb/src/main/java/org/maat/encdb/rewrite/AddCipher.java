package org.maat.encdb.rewrite;

import java.math.BigInteger;
import org.maat.encdb.onion.Hom;
import org.maat.encdb.onion.PaillierKeyPair;

/**
 * The Add onion's HOM layer: Paillier under the database's key pair (one per database, stored
 * wrapped in the catalog), plus the modulus square the server functions need to add ciphertexts.
 * Thread-safe; {@link #close()} stops its background thread.
 */
public final class AddCipher implements AutoCloseable {

    /** Paillier randomness precomputed in the background: an INSERT then pays one multiplication. */
    private static final int POOLED_RANDOMNESS = 256;


    private final Hom hom;
    private final byte[] nSquared;

    AddCipher(PaillierKeyPair keys) {
        this.hom = new Hom(keys, POOLED_RANDOMNESS);
        this.nSquared = keys.publicKey().nSquared().toByteArray();
    }

    byte[] encrypt(long value) {
        return hom.encrypt(value);
    }

    BigInteger decrypt(byte[] ct) {
        return hom.decrypt(ct);
    }

    /** Stops the background randomness pool. */
    @Override
    public void close() {
        hom.close();
    }

    /** n^2 as H2's {@code MAAT_HOM_*} functions take it. */
    byte[] nSquared() {
        return nSquared.clone();
    }
}
