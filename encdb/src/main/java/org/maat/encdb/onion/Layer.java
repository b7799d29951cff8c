package org.maat.encdb.onion;

/**
 * One encryption layer of an {@link Onion}, with what an observer of the stored ciphertexts (the H2
 * server, its files, its backups) learns while this layer is the one exposed. The texts are what
 * {@code maat erp layers} prints; they describe the scheme as implemented here, not an ideal.
 */
public enum Layer {
    RND("nothing beyond the length of each value (AES-256-CTR with a random IV per row; IND-CPA)"),
    DET("which rows of this column hold equal values, hence each value's frequency (AES-SIV, deterministic)"),
    JOIN("equality, and its frequency, across all columns of the join group (DET under a key shared by the group)"),
    OPE("the order of the values and, roughly, about half of their high-order bits"
            + " (order-preserving encryption after Boldyreva et al.)"),
    HOM("nothing beyond the length of each value (Paillier, IND-CPA); the server can add values it cannot read"),
    SEARCH("which rows contain each word that has been searched for, once searched; nothing about words never"
            + " queried beyond the number of words per value (Song-Wagner-Perrig)");

    private final String leakage;

    Layer(String leakage) {
        this.leakage = leakage;
    }

    /** What exposing this layer reveals to whoever sees the stored ciphertexts. */
    public String leakage() {
        return leakage;
    }
}
