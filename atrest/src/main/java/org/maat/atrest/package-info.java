/**
 * Encryption at rest (SwitchCrypt): block-encrypted files in an encrypted volume whose cipher can be switched
 * while the data is in use (Forward, Selective, Mirrored), and a Lucene Directory over it.
 */
package org.maat.atrest;
