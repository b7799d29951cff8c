package org.maat.core.lucene;

import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;
import org.maat.core.data.DataDir;
import org.maat.core.runtime.IndexRun;
import org.maat.core.task.Monitoring;

/**
 * The child JVM of {@link PublicationStepCrashIT}: runs the sequential indexer over {@code DATA}
 * into {@code OUT} with {@code SHARDS} shards ({@code MONITORING}: a {@link Monitoring} name), prints
 * {@code REACHED STEP} at each publication step and stops for good at {@code STEP}, where the test
 * kills it.
 */
public final class SteppedIndexingChild {

    private SteppedIndexingChild() {
    }

    public static void main(String[] args) throws Exception {
        PublicationObserver.Step stopAt = PublicationObserver.Step.valueOf(args[4]);
        IndexRun.standard().observedBy(step -> {
            System.out.println("REACHED " + step);
            System.out.flush();
            while (step == stopAt) {
                LockSupport.park();
            }
        }).run(DataDir.at(Path.of(args[0])), new IndexLayout(Path.of(args[1])), Integer.parseInt(args[2]),
                Monitoring.valueOf(args[3]), n -> { });
        System.out.println("DONE");
    }
}
