package org.maat.core.lucene;

import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.runtime.IndexUpdate;
import org.maat.core.task.Monitoring;

/**
 * The child JVM of {@link IndexUpdateCrashIT}: deletes {@link IndexUpdateCrashIT#DELETED} from the
 * index {@code OUT} of {@code DATA} with an {@link IndexUpdate} ({@code MONITORING}: a
 * {@link Monitoring} name), prints {@code REACHED STEP} at each publication step and stops for good at
 * {@code STEP}, where the test kills it.
 */
public final class SteppedUpdateChild {

    private SteppedUpdateChild() {
    }

    public static void main(String[] args) throws Exception {
        PublicationObserver.Step stopAt = PublicationObserver.Step.valueOf(args[3]);
        try (DataSet stores = DataSet.open(DataDir.at(Path.of(args[0])));
             IndexUpdate update = IndexUpdate.open(stores, new IndexLayout(Path.of(args[1])), Monitoring.valueOf(args[2]))) {
            update.observedBy(step -> {
                System.out.println("REACHED " + step);
                System.out.flush();
                while (step == stopAt) {
                    LockSupport.park();
                }
            });
            IndexUpdateCrashIT.deleteAll(update);
            update.publish();
        }
        System.out.println("DONE");
    }
}
