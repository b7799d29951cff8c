package org.maat.encdb.onion;

import java.util.List;

/**
 * The onions a column's value is encrypted into, each a stack of {@link Layer}s listed outermost
 * first. A query peels an onion only as far as the operation it needs: an equality test exposes
 * {@link Layer#DET} of the EQ onion, a range test {@link Layer#OPE} of the ORD onion.
 */
public enum Onion {
    /** Equality: RND(DET(JOIN(v))); JOIN is DET under a key shared by one join group. */
    EQ(List.of(Layer.RND, Layer.DET, Layer.JOIN)),
    /** Order: RND(OPE(v)). */
    ORD(List.of(Layer.RND, Layer.OPE)),
    /** Addition: HOM(v), Paillier; never peeled. */
    ADD(List.of(Layer.HOM)),
    /** Word search: SWP ciphertexts of the value's words; never peeled. */
    SEARCH(List.of(Layer.SEARCH));

    private final List<Layer> layers;

    Onion(List<Layer> layers) {
        this.layers = layers;
    }

    /** The layers of this onion, outermost (strongest) first; a fresh onion exposes the first. */
    public List<Layer> layers() {
        return layers;
    }

    /** The layer exposed when {@code current} is peeled once, or {@code current} itself if it is innermost. */
    public Layer below(Layer current) {
        int i = layers.indexOf(current);
        if (i < 0) {
            throw new IllegalArgumentException("layer " + current + " is not part of onion " + this);
        }
        return i + 1 < layers.size() ? layers.get(i + 1) : current;
    }
}
