package org.maat.encdb.rewrite;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import org.h2.api.ErrorCode;

/**
 * Whether H2's own parser accepts a statement the driver's parser rejected: H2 prepares it in an empty,
 * private in-memory database, where a valid statement fails only for missing tables or columns, never with a
 * syntax error. Asked only on the driver's parse failures, so it costs nothing on the statements it reads.
 */
final class H2Grammar {

    private H2Grammar() {
    }

    static boolean accepts(String sql) {
        try (Connection empty = new org.h2.Driver().connect("jdbc:h2:mem:", new Properties())) {
            empty.prepareStatement(sql).close();
            return true;
        } catch (SQLException e) {
            return e.getErrorCode() != ErrorCode.SYNTAX_ERROR_1 && e.getErrorCode() != ErrorCode.SYNTAX_ERROR_2;
        }
    }
}
