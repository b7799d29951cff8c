package org.maat.encdb.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLSyntaxErrorException;
import org.h2.api.ErrorCode;

/**
 * Tells SQL the driver's parser (JSqlParser) cannot read apart from SQL nobody can: H2 prepares the
 * statement on the connection's own session, without running it. The tables keep their application names
 * in H2, so H2's parser, which looks tables up as it reads, reaches every clause; a valid statement then fails
 * only on a column (the physical columns are onions) or not at all, a malformed one with a syntax error.
 * Asked only when the driver's parser failed.
 */
final class H2Grammar {

    private H2Grammar() {
    }

    /** {@code syntax} itself, or a refusal (0A000) naming the parser when H2 reads the statement. */
    static SQLException classify(Connection h2, String sql, SQLSyntaxErrorException syntax) {
        try {
            h2.prepareStatement(sql).close();
        } catch (SQLException e) {
            if (e.getErrorCode() == ErrorCode.SYNTAX_ERROR_1 || e.getErrorCode() == ErrorCode.SYNTAX_ERROR_2) {
                return syntax;
            }
        }
        return new SQLFeatureNotSupportedException("unsupported SQL on the encrypted layer: a statement H2 "
                + "accepts but the driver's SQL parser (JSqlParser) cannot read, so it cannot tell which values "
                + "are encrypted (" + syntax.getMessage() + ")", "0A000");
    }
}
