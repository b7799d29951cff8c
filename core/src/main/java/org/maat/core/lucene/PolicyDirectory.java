package org.maat.core.lucene;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.store.IndexOutput;
import org.maat.core.task.AccessGate;
import org.maat.policy.Conduit;
import org.maat.policy.monitor.Payload;

/**
 * A Lucene {@link Directory} wrapper that puts every file a task opens or creates through the
 * monitor:
 * <ul>
 *   <li>{@link #openInput} reads the file's label (the index policy) into the task's taint before
 *       any byte is returned, once per file: clones, slices and reads of an open input are not
 *       interposed again, since the taint only grows and the label is already in it;</li>
 *   <li>{@link #createOutput}, {@link #createTempOutput} and {@link #rename} are checked writes to
 *       a new file labelled with the index policy: a task whose taint does not allow a flow into
 *       the index (e.g. one that read a search history) is refused before the file exists;</li>
 *   <li>a file with no label (written outside a monitored indexer, or by an unpublished commit)
 *       cannot be opened.</li>
 * </ul>
 * One instance serves one task (or one long-lived shard reader), so its per-file decisions are
 * that task's. Labels of created files are staged here until {@link ShardWriters} publishes them.
 */
public final class PolicyDirectory extends FilterDirectory {

    private final int shard;
    private final IndexLabels published;
    private final AccessGate gate;
    private final Map<String, Conduit> staged = new ConcurrentHashMap<>();
    private final Map<String, Conduit> read = new ConcurrentHashMap<>();

    /**
     * @param published the label store of the index, or null for a fresh index that has none yet
     */
    public PolicyDirectory(Directory in, int shard, IndexLabels published, AccessGate gate) {
        super(in);
        this.shard = shard;
        this.published = published;
        this.gate = gate;
    }

    @Override
    public IndexInput openInput(String name, IOContext context) throws IOException {
        if (!read.containsKey(name)) {
            Conduit label = labelOf(name);
            gate.read(label);
            read.put(name, label);
        }
        return in.openInput(name, context);
    }

    @Override
    public IndexOutput createOutput(String name, IOContext context) throws IOException {
        Conduit label = IndexLabels.label(shard, name);
        gate.write(label, null, Payload.data());
        IndexOutput out = in.createOutput(name, context);
        staged.put(name, label);
        return out;
    }

    @Override
    public IndexOutput createTempOutput(String prefix, String suffix, IOContext context) throws IOException {
        IndexOutput out = in.createTempOutput(prefix, suffix, context);
        // The name is chosen by the delegate; nothing has been written to it yet.
        Conduit label = IndexLabels.label(shard, out.getName());
        try {
            gate.write(label, null, Payload.data());
        } catch (RuntimeException refused) {
            out.close();
            in.deleteFile(out.getName());
            throw refused;
        }
        staged.put(out.getName(), label);
        return out;
    }

    @Override
    public void rename(String source, String dest) throws IOException {
        Conduit label = IndexLabels.label(shard, dest);
        gate.write(label, null, Payload.data());
        in.rename(source, dest);
        staged.remove(source);
        staged.put(dest, label);
    }

    @Override
    public void deleteFile(String name) throws IOException {
        in.deleteFile(name);
        staged.remove(name);
        read.remove(name);
    }

    /** The labels of the files this task created, for the files of a commit about to be published. */
    Conduit stagedLabel(String name) {
        return staged.get(name);
    }

    /** The labels of every file opened through this directory so far. */
    public List<Conduit> labelsRead() {
        return List.copyOf(read.values());
    }

    private Conduit labelOf(String name) throws IOException {
        Conduit label = staged.get(name);
        if (label == null && published != null) {
            label = published.published(shard, name).orElse(null);
        }
        if (label == null) {
            throw new UnlabelledFileException(name, shard, in);
        }
        return label;
    }

    @Override
    public String toString() {
        return "PolicyDirectory(shard " + shard + ", " + gate + ", " + in + ")";
    }
}
