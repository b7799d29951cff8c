/**
 * Disguises over any JDBC database ({@link org.maat.disguise.jdbc.JdbcDisguises}): plain H2 and Maat's
 * encrypted layer ({@code jdbc:maat:h2:}) included. The bags and the principal registry are tables of
 * the same database, so each apply, reveal and edit is one transaction. Generated SQL uses only
 * equality conditions on the spec's (identifier-checked) tables and columns, prepared statements and
 * batches: what the encrypted layer runs on encrypted columns.
 */
package org.maat.disguise.jdbc;
