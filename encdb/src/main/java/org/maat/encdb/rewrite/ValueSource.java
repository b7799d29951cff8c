package org.maat.encdb.rewrite;

import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * Where a value in a statement comes from when it runs: an application parameter, a literal of the
 * statement's text, or the clock ({@code CURRENT_DATE}). Plans hold sources, so one plan serves every
 * execution of a PreparedStatement.
 */
public interface ValueSource {

    Object value(Object[] params) throws SQLException;

    /** The application's {@code ?} number {@code index} (0-based). */
    static ValueSource parameter(int index) {
        return params -> {
            if (index >= params.length || params[index] == Unset.UNSET) {
                throw new SQLException("parameter " + (index + 1) + " is not set", "07001");
            }
            return params[index];
        };
    }

    static ValueSource constant(Object value) {
        return params -> value;
    }

    /** {@code CURRENT_DATE}, {@code CURRENT_TIMESTAMP} and the like, evaluated on the client. */
    static ValueSource clock(boolean dateOnly) {
        return params -> dateOnly ? java.sql.Date.valueOf(LocalDate.now()) : Timestamp.valueOf(LocalDateTime.now());
    }

    /** Marker for a parameter that was never set. */
    enum Unset { UNSET }
}
