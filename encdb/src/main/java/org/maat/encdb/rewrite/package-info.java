/**
 * Rewriting the application's SQL (parsed with JSqlParser) onto the encrypted schema: each statement
 * becomes a plan whose physical SQL touches only onion columns at layers that support the operation,
 * whose binders encrypt constants on the client, and whose result columns decrypt what H2 returns.
 * Also the per-column key material and the layer peeler. Anything not supported on an encrypted
 * column is refused with an SQLException naming it.
 */
package org.maat.encdb.rewrite;
