package org.maat.encdb.rewrite;

import java.sql.SQLFeatureNotSupportedException;

/** The one way this layer says a construct is not supported: an SQLException naming it. */
final class Unsupported {

    private Unsupported() {
    }

    /** {@code unsupported on encrypted column T.C: what}. */
    static SQLFeatureNotSupportedException onColumn(String column, String what) {
        return new SQLFeatureNotSupportedException("unsupported on encrypted column " + column + ": " + what, "0A000");
    }

    /** {@code unsupported SQL: what}. */
    static SQLFeatureNotSupportedException construct(String what) {
        return new SQLFeatureNotSupportedException("unsupported SQL on the encrypted layer: " + what, "0A000");
    }
}
