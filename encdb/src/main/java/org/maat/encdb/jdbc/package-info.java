/**
 * The JDBC driver of the encrypted layer ({@code jdbc:maat:h2:...}): connections, statements and
 * decrypted result sets over H2, the shared per-database state (catalog, keys, plan cache), and the
 * layer gate that keeps peels apart from the statements that depend on layers.
 *
 * <p>Where things are: {@code MaatStatement} runs a statement's {@link org.maat.encdb.rewrite.Plan}
 * (its {@code Run} is the one switch over plan kinds); {@code PlanExecutor} runs queries and writes on
 * H2, {@code ClientSideSteps} post-processes decrypted rows, {@code RoutineEmulation} runs procedures
 * and triggers on the client, {@code SchemaChanges} runs schema statements with the gate closed. The
 * JDBC methods the layer refuses live in the {@code Unsupported*} base classes, so the {@code Maat*}
 * classes hold only what the layer does.
 */
package org.maat.encdb.jdbc;
