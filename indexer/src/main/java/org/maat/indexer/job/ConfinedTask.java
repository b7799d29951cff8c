package org.maat.indexer.job;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.maat.core.conduit.Document;
import org.maat.core.lucene.IndexLabels;
import org.maat.core.task.AccessGate;
import org.maat.core.task.AtRestFloorGate;
import org.maat.core.task.IndexEntryCheck;
import org.maat.core.task.LabelledDocument;
import org.maat.core.task.Monitoring;
import org.maat.core.task.TaskBoundary;
import org.maat.core.task.TaskGate;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.monitor.Payload;
import org.maat.policy.monitor.ReferenceMonitor;
import org.maat.policy.monitor.TaskMode;
import org.maat.policy.store.PolicyStore;

/**
 * The monitor inside one task: the job's checksum-verified policy data and engine
 * ({@link OpenPolicyData}, shared by the tasks of one JVM), and one confined task acting as
 * {@value IndexLabels#OWNER}, exactly as the sequential indexer's. Every document the task code
 * gets has passed {@link #read}, which taints the task with the document's policy; the taint is kept
 * reduced (one conduit per policy and the {@code this} fields it looks at) so that it can be shipped
 * to the committer. With {@link Monitoring#NONE} the gate checks nothing and records no taint, but
 * documents still get their conduits (owner and template are index fields).
 */
final class ConfinedTask implements AutoCloseable {

    private final OpenPolicyData data;
    private final TaskGate task;
    private final AccessGate gate;
    private final Map<List<Object>, String> taint = new LinkedHashMap<>();

    private ConfinedTask(OpenPolicyData data, TaskGate task) {
        this.data = data;
        this.task = task;
        // Only a monitored task's taint goes to the committer; the baseline records nothing (its cost is the point).
        this.gate = task.monitored() ? new RecordingGate(task) : task;
    }

    /** Opens the task's view of the job's policy data and its confined task, under the job's {@link Monitoring}. */
    static ConfinedTask open(Configuration conf) throws IOException {
        OpenPolicyData data = OpenPolicyData.acquire(conf);
        PolicyStore catalog = data.store();
        TaskGate task = IndexJobConf.monitoring(conf).monitor(() -> new ReferenceMonitor(data.engine(), catalog::find))
                .open(Session.of(IndexLabels.OWNER), TaskMode.CONFINED);
        return new ConfinedTask(data, task);
    }

    /** The boundary the task's code runs at: whatever it throws reaches the job in the runtime's words. */
    TaskBoundary boundary(String what) {
        return TaskBoundary.indexing(gate, what);
    }

    /** The gate every handle of this task calls. */
    AccessGate gate() {
        return gate;
    }

    /**
     * The gate for creating index files: as {@link #gate()}, sealing them from the start as the strongest policy of
     * the data set requires (a reducer's taint grows while Lucene streams into files it created earlier).
     */
    AccessGate atRestFloorGate() {
        return new AtRestFloorGate(gate, data.engine().strongestMinimumAtRest());
    }

    /** The document with its conduit, after the gate has seen the read. */
    LabelledDocument read(Document document) {
        return new LabelledDocument(read(document.id()), document);
    }

    /** The checkpoint of this task's index entries, over the job's policy store ({@link IndexEntryCheck#ownersOf}). */
    IndexEntryCheck entryCheck() {
        return IndexEntryCheck.ownersOf(data.store());
    }

    /** The conduit {@code id}, after the gate has seen its read; an unknown id has no known policy and is refused. */
    Conduit read(String conduitId) {
        Conduit conduit = data.store().find(conduitId).or(() -> indexFile(conduitId)).orElseThrow(() ->
                new IllegalArgumentException("conduit " + conduitId + " has no entry in the policy store, so its"
                        + " policy is unknown"));
        gate.read(conduit);
        return conduit;
    }

    /**
     * A reducer reads back the index files it wrote (Lucene merges segments), so its taint names
     * index files; their label follows from the id ({@code ix/SHARD/FILE}), as {@link IndexLabels#label} gives it.
     */
    private static java.util.Optional<Conduit> indexFile(String conduitId) {
        String[] parts = conduitId.split("/", 3);
        if (parts.length != 3 || !parts[0].equals("ix") || !parts[1].matches("\\d{1,7}")) {
            return java.util.Optional.empty();
        }
        Conduit label = IndexLabels.label(Integer.parseInt(parts[1]), parts[2]);
        return label.id().equals(conduitId) ? java.util.Optional.of(label) : java.util.Optional.empty();
    }

    /** A write the monitor must allow for everything this task has read; throws its denial otherwise. */
    void write(Conduit destination) {
        gate.write(destination, null, Payload.data());
    }

    /** The reduced taint: the ids of one conduit read per distinct label, in reading order. */
    synchronized List<String> taint() {
        return List.copyOf(taint.values());
    }

    @Override
    public void close() {
        task.close();
        data.close();
    }

    /** Passes reads to the monitor and remembers one conduit per label the taint keeps. */
    private final class RecordingGate implements AccessGate {
        private final AccessGate monitored;

        RecordingGate(AccessGate monitored) {
            this.monitored = monitored;
        }

        @Override
        public void read(Conduit conduit) {
            monitored.read(conduit);
            Set<String> fields = data.engine().policy(conduit.policy()).thisFields();
            List<Object> key = List.of(conduit.policy(),
                    fields.contains("id") ? conduit.id() : "",
                    fields.contains("name") ? conduit.name() : "",
                    fields.contains("owner") ? conduit.owner() : "");
            synchronized (ConfinedTask.this) {
                taint.putIfAbsent(key, conduit.id());
            }
        }

        @Override
        public void write(Conduit destination, Session recipient, Payload payload) {
            monitored.write(destination, recipient, payload);
        }

        @Override
        public java.util.Optional<String> minimumAtRest() {
            return monitored.minimumAtRest();
        }

        @Override
        public boolean monitored() {
            return true;
        }

        @Override
        public String toString() {
            return monitored.toString();
        }
    }
}
