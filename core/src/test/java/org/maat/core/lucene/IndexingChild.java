package org.maat.core.lucene;

import java.nio.file.Path;
import org.maat.core.data.DataDir;
import org.maat.core.runtime.IndexRun;
import org.maat.core.task.Monitoring;

/**
 * The child JVM of {@link IndexCrashIT}: indexes data set A, then B, then A... into one index
 * directory under the monitor, printing {@code PUBLISHED A} (or B) after each publication, until it
 * is killed.
 */
public final class IndexingChild {

    private IndexingChild() {
    }

    public static void main(String[] args) throws Exception {
        DataDir[] data = {DataDir.at(Path.of(args[0])), DataDir.at(Path.of(args[1]))};
        IndexLayout out = new IndexLayout(Path.of(args[2]));
        for (int run = 0; ; run++) {
            IndexRun.standard().run(data[run % 2], out, 2, Monitoring.REFERENCE_MONITOR, n -> { });
            System.out.println("PUBLISHED " + (run % 2 == 0 ? "A" : "B"));
            System.out.flush();
        }
    }
}
