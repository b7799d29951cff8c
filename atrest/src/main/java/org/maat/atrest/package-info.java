/**
 * Encryption at rest (SwitchCrypt): block-encrypted files in an encrypted volume whose cipher can be switched
 * while the data is in use (Forward, Selective, Mirrored), and a Lucene Directory over it.
 *
 * <p>What is guaranteed against someone who can read and write the disk but not the key: every block is
 * confidential and authenticated (a changed, moved or swapped block, a region file of another file, a changed
 * file header, a file copied or moved to another name but through the volume: an {@link java.io.IOException}
 * naming the file, never wrong bytes); no (key, nonce) pair is used twice, whatever is done to the files (a
 * fresh 192-bit nonce per seal, {@code file.BlockNonce}); a file cut below the slot
 * count its header recorded at its last force or close is an error; so is an empty file (every file the volume makes
 * holds its header from the moment it exists) but the lock files; a file without the header is an error
 * unless the volume still allows plaintext files ({@code atrest.json}: {@code plaintextFiles}, which, like all of
 * the configuration, is authenticated under the volume key, and which a running volume never turns back to
 * allowed).
 *
 * <p>Limits, by design:
 * <ul>
 *   <li><b>Rollback.</b> Nothing records which generation of a block is current, so an older version of a slot
 *       (or a whole older copy of a file) written back by someone who kept it authenticates: e.g. an erased
 *       record comes back. Detecting it needs a per-file root over every block's generation (a Merkle tree or
 *       a counter kept outside the disk), which this format does not have. A rollback costs freshness only:
 *       the next seal takes a fresh nonce all the same.</li>
 *   <li><b>Blocks appended since the last force or close.</b> Cutting them off at a slot boundary is not
 *       detected (they were never durable). The consumers detect it: Lucene checks every index file's footer (codec footer, checksum,
 *       length) when it opens it, and the conduit store's commit record names its segments' lengths.</li>
 *   <li><b>The configuration rolled back.</b> An older {@code atrest.json} the key holder wrote, put back while no
 *       process holds the volume, authenticates: a process started then believes it (plaintext files allowed again
 *       if it predates {@code endPlaintext}). A configuration naming another key file makes a process that follows
 *       the recorded spec open the volume under that key (every genuine file then fails); a key passed in pins it.</li>
 *   <li><b>Key-only readers.</b> {@link org.maat.atrest.AtRestVolume#reader(org.maat.keys.KeySource, String,
 *       org.maat.atrest.PhysicalSource, java.util.function.Function)} (Hadoop tasks) has no configuration, so
 *       it reads a file without the header as plaintext.</li>
 * </ul>
 */
package org.maat.atrest;
