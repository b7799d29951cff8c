/** The storage server (PROTOCOL.md, "/ss"): collections and their immutable secret shares, each call authorized by tokens. */
package org.maat.vault.ss;
