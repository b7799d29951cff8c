package org.maat.encdb.rewrite;

import org.maat.encdb.onion.Layer;
import org.maat.encdb.onion.Onion;
import org.maat.encdb.schema.EncryptedColumn;

/**
 * Raised while planning when a statement needs an onion layer that has not been exposed yet: the
 * driver peels {@code onion} of {@code column} one layer down, to {@code target}, and plans again.
 */
public final class PeelRequired extends Exception {

    private final transient EncryptedColumn column;
    private final Onion onion;
    private final Layer target;

    PeelRequired(EncryptedColumn column, Onion onion, Layer target) {
        super(column.qualifiedName() + " " + onion + " -> " + target, null, false, false);
        this.column = column;
        this.onion = onion;
        this.target = target;
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
