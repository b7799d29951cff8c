package org.maat.atrest;

import java.nio.file.Path;
import java.util.List;

/**
 * What a convergence did: files visited, blocks re-encrypted, bytes rewritten, and the files it left alone
 * because a channel of this JVM had them open for writing (relative to the volume root; converge again once
 * they are closed).
 */
public record ConvergeReport(long files, long blocksRewritten, long bytesRewritten, List<Path> skipped) {

    public ConvergeReport {
        skipped = List.copyOf(skipped);
    }
}
