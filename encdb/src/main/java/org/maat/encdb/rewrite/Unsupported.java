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
    /**
     * Writing into a view: H2's views are not writable, and H2 says so with HYC00 (the driver's views are
     * expanded queries, not writable either). H2 gives it only once a row is to be written; the driver before.
     */
    static java.sql.SQLException viewWrite(String view) {
        return new java.sql.SQLException("Feature not supported: writing into view \"" + view + "\"", "HYC00");
    }

    static SQLFeatureNotSupportedException construct(String what) {
        return new SQLFeatureNotSupportedException("unsupported SQL on the encrypted layer: " + what, "0A000");
    }
}
