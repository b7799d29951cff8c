package org.maat.atrest;

/** What a convergence did: files visited, blocks re-encrypted, bytes rewritten. */
public record ConvergeReport(long files, long blocksRewritten, long bytesRewritten) {
}
