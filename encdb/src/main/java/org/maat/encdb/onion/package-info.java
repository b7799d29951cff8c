/**
 * The onion layers of Maat's encrypted query layer, after CryptDB (Popa et al., SOSP 2011): each
 * scheme is an object built from its key, in the Bouncy Castle manner, with no static key state, and
 * implements {@link org.maat.encdb.onion.LayerCipher}'s sub-interface for what its layer offers
 * (deterministic, randomized, order-preserving, additive, searchable). A new scheme goes there.
 *
 * <table>
 *   <caption>Schemes, what each guarantees, and what it leaks while exposed</caption>
 *   <tr><th>Layer</th><th>Scheme</th><th>Leaks</th></tr>
 *   <tr><td>{@link org.maat.encdb.onion.Layer#RND RND}</td><td>{@link org.maat.encdb.onion.Rnd}:
 *       AES-256-CTR, random IV per row (IND-CPA)</td><td>lengths only</td></tr>
 *   <tr><td>{@link org.maat.encdb.onion.Layer#DET DET}, {@link org.maat.encdb.onion.Layer#JOIN JOIN}</td>
 *       <td>{@link org.maat.encdb.onion.Det}: AES-SIV (RFC 5297), deterministic and authenticated; JOIN
 *       is DET under a key shared by a join group</td><td>equality and frequency (within the column,
 *       or across the join group)</td></tr>
 *   <tr><td>{@link org.maat.encdb.onion.Layer#OPE OPE}</td><td>{@link org.maat.encdb.onion.Ope}:
 *       Boldyreva et al. (EUROCRYPT 2009), a random order-preserving function sampled lazily with a
 *       hypergeometric sampler ({@code Hypergeometric}, H2PE), values mapped by
 *       {@link org.maat.encdb.onion.OrderEncoding}</td><td>order, and about half of the high-order bits</td></tr>
 *   <tr><td>{@link org.maat.encdb.onion.Layer#HOM HOM}</td><td>{@link org.maat.encdb.onion.Hom}:
 *       Paillier, g = n + 1, CRT decryption, Damgård-Jurik-Nielsen fixed-base randomness
 *       (IND-CPA); the server adds under {@link org.maat.encdb.onion.PaillierPublicKey}</td>
 *       <td>lengths only</td></tr>
 *   <tr><td>{@link org.maat.encdb.onion.Layer#SEARCH SEARCH}</td><td>{@link org.maat.encdb.onion.Swp}:
 *       Song-Wagner-Perrig with pre-encrypted words over a {@link org.maat.encdb.onion.WordSplitter}'s
 *       words, 64-bit checks</td><td>the number of words per value; for each searched word, the rows
 *       containing it</td></tr>
 * </table>
 *
 * <p>An {@link org.maat.encdb.onion.Onion} stacks layers outermost first; peeling one exposes the next
 * and its leakage ({@link org.maat.encdb.onion.Layer#leakage()}). None of the schemes authenticates
 * rows or protects against a server that alters or withholds data, except that DET rejects altered
 * ciphertexts. All classes are thread-safe.
 */
package org.maat.encdb.onion;
