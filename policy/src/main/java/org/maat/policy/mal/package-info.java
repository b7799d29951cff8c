/**
 * The mandatory access log (MAL): an append-only, hash-chained, fsync'd record of every read of a
 * protected document, which a policy can require ({@code logged(K, id)}) before the read is allowed.
 *
 * <h2>On-disk format</h2>
 * UTF-8 text, one entry per line, each line ending in {@code \n}, seven tab-separated fields:
 * <pre>
 * sequence  timestamp  principal  conduit  reason  previous-hash  hash
 * </pre>
 * <ul>
 *   <li>{@code sequence}: decimal, 0 on the first line, then consecutive;</li>
 *   <li>{@code timestamp}: epoch milliseconds, decimal;</li>
 *   <li>{@code principal}, {@code conduit}, {@code reason}: text with {@code \\}, tab, newline and
 *       carriage return escaped as {@code \\ \t \n \r}, and every other control character and any
 *       unpaired surrogate as a backslash, {@code u} and four hex digits; only this canonical
 *       spelling is accepted, so a line has exactly one reading;</li>
 *   <li>{@code previous-hash}: the previous line's hash; on the first line the headed genesis hash
 *       {@code MalEntry.HEADED_GENESIS_HASH} (SHA-256 of {@code maat-mal-head 1}), or 64 zeros in a
 *       log begun before head files;</li>
 *   <li>{@code hash}: lower-case hex SHA-256 of the UTF-8 bytes of the line's first six fields as
 *       written, tabs included, i.e. {@code cut -f1-6 | tr -d '\n' | sha256sum}.</li>
 * </ul>
 *
 * <h2>Head file</h2>
 * Beside the log {@code LOG}, the file {@code LOG.head} holds one line
 * {@code maat-mal-head 1 ENTRIES HASH\n}: the entry count and the last entry's hash after the last
 * acknowledged append ({@code MalHead}). It is replaced atomically (temporary
 * file, force, rename, directory force) after the log is forced. The log must reach the entry the
 * head records, with that hash; at most one entry may follow it (a crash between the two forces).
 * A log gets its head file when created (0 entries, the headed genesis hash), and an append to a
 * log without one writes it before the entry, so a log whose first entry chains from the headed
 * genesis hash must have one. A log begun before head files (first entry from 64 zeros) without one
 * is accepted as it stands, and its next append writes one.
 */
package org.maat.policy.mal;
