package org.maat.encdb.rewrite;

import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * Sets one or more parameters of the physical statement from the application's parameters:
 * passing a value to a plaintext column through, or encrypting it at the layer its encrypted column
 * is compared at or stored in.
 */
@FunctionalInterface
public interface ParameterBinder {
    void bind(Object[] params, PreparedStatement physical) throws SQLException;
}
