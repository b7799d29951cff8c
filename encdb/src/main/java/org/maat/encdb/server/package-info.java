/**
 * Code that runs inside H2 on ciphertexts, registered by the driver with {@code CREATE ALIAS} and
 * {@code CREATE AGGREGATE}: {@link org.maat.encdb.server.ServerFunctions} peels RND and DET layers
 * with keys the driver supplies, matches SEARCH tokens and does HOM arithmetic;
 * {@link org.maat.encdb.server.HomSum} is the HOM SUM aggregate. The server only ever receives a
 * layer key when the driver has decided to expose the layer below, and never a plaintext.
 */
package org.maat.encdb.server;
