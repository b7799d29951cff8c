/**
 * The JDBC driver of the encrypted layer ({@code jdbc:maat:h2:...}): connections, statements and
 * decrypted result sets over H2, the shared per-database state (catalog, keys, plan cache), and the
 * layer gate that keeps peels apart from the statements that depend on layers.
 */
package org.maat.encdb.jdbc;
