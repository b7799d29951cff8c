package org.maat.encdb.rewrite;

import org.maat.encdb.onion.Layer;
import org.maat.encdb.onion.Onion;
import org.maat.encdb.schema.EncryptedColumn;

/**
 * Raised while planning when a statement needs an onion layer that has not been exposed yet: the
 * driver peels {@code onion} of {@code column} one layer down, to {@code target}, and plans again; or,
 * for an equi-join across join groups, re-keys the column's JOIN layer into the other group.
 */
public final class PeelRequired extends Exception {

    private final transient EncryptedColumn column;
    private final Onion onion;
    private final Layer target;
    private final String joinGroup;

    PeelRequired(EncryptedColumn column, Onion onion, Layer target) {
        this(column, onion, target, null);
    }

    private PeelRequired(EncryptedColumn column, Onion onion, Layer target, String joinGroup) {
        super(column.qualifiedName() + " " + onion + " -> " + target + (joinGroup == null ? "" : " in " + joinGroup),
                null, false, false);
        this.column = column;
        this.onion = onion;
        this.target = target;
        this.joinGroup = joinGroup;
    }

    /**
     * A join between columns of different join groups: {@code column} (at JOIN) and every column of its
     * group are re-encrypted under {@code joinGroup}'s JOIN key, after which H2 can compare the two.
     */
    static PeelRequired rejoin(EncryptedColumn column, String joinGroup) {
        return new PeelRequired(column, Onion.EQ, Layer.JOIN, joinGroup);
    }

    /** For a re-keying into another join group, that group; null for a peel. */
    public String joinGroup() {
        return joinGroup;
    }

    public EncryptedColumn column() {
        return column;
    }

    public Onion onion() {
        return onion;
    }

    public Layer target() {
        return target;
    }
}
