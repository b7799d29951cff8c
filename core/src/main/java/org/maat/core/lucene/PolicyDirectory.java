package org.maat.core.lucene;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import org.apache.lucene.store.DataInput;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.FilterIndexOutput;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.store.IndexOutput;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;
import org.maat.atrest.lucene.AtRestDirectory;
import org.maat.core.task.AccessGate;
import org.maat.policy.Conduit;
import org.maat.policy.lang.AtRestStrength;
import org.maat.policy.monitor.Payload;

/**
 * A Lucene {@link Directory} wrapper that puts every file a task opens or creates through the
 * monitor:
 * <ul>
 *   <li>{@link #openInput} reads the file's label (the index policy) into the task's taint before
 *       any byte is returned, once per file: clones, slices and reads of an open input are not
 *       interposed again, since the taint only grows and the label is already in it;</li>
 *   <li>{@link #createOutput}, {@link #createTempOutput} and {@link #rename} are checked writes to
 *       a new file labelled with the index policy and with the weakest cipher it is ever sealed with at
 *       rest (attribute {@value AtRestStrength#ATTRIBUTE}; {@value AtRestStrength#NONE} over a plaintext
 *       directory): a task whose taint does not allow a flow into the index (e.g. one that read a search
 *       history, or documents whose policies require a stronger cipher) is refused before the file exists;</li>
 *   <li>a file with no label (written outside a monitored indexer, or by an unpublished commit)
 *       cannot be opened.</li>
 * </ul>
 * Over an {@link AtRestDirectory} (PolicyDirectory(AtRestDirectory(FSDirectory))) a new file is created with
 * the strongest minimum the task's taint requires ({@link AccessGate#minimumAtRest}) as its requirement, and
 * labelled with that requirement ({@link AtRestDirectory#floorFor}), not with the possibly stronger cipher its
 * blocks get at creation: after a switch, convergence may bring them down to the requirement, and the label
 * must never say more than the file keeps. A correct writer is so never refused for its cipher; the monitor's
 * check still decides, on the floor the file really keeps.
 * A created file is checked again when it is closed, with the taint as it is then (Lucene streams stored fields
 * into a file created at a segment's start while the task reads more documents): a file whose cipher has become
 * too weak for what it received is refused and deleted. Files are also checked at rename.
 *
 * <p>One instance serves one task (or one long-lived shard reader), so its per-file decisions are
 * that task's. Labels of created files are staged here until {@link ShardWriters} publishes them.
 */
public final class PolicyDirectory extends FilterDirectory {

    private final int shard;
    private final IndexLabels published;
    private final AccessGate gate;
    /** The encrypting directory beneath, or null when the index is plaintext. */
    private final AtRestDirectory atRest;
    /** The requirement a file is created with, from the taint's: the identity but in fault-injection tests. */
    private final UnaryOperator<AtRestCipher> requirement;
    private final Map<String, Conduit> staged = new ConcurrentHashMap<>();
    private final Map<String, Conduit> read = new ConcurrentHashMap<>();

    /**
     * @param in the shard's files: an {@link AtRestDirectory} when they are encrypted at rest
     * @param published the label store of the index, or null for a fresh index that has none yet
     */
    public PolicyDirectory(Directory in, int shard, IndexLabels published, AccessGate gate) {
        this(in, shard, published, gate, UnaryOperator.identity());
    }

    /** As the public constructor, with files created under {@code requirement} of the taint's minimum. */
    PolicyDirectory(Directory in, int shard, IndexLabels published, AccessGate gate,
                    UnaryOperator<AtRestCipher> requirement) {
        super(in);
        this.shard = shard;
        this.published = published;
        this.gate = gate;
        this.atRest = in instanceof AtRestDirectory encrypted ? encrypted : null;
        this.requirement = requirement;
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
        AtRestCipher required = requirementOfNewFile();
        Conduit label = IndexLabels.label(shard, name, floorName(required));
        gate.write(label, null, Payload.data());
        // Staged before the file exists: another thread may list and open it as soon as it does.
        staged.put(name, label);
        try {
            return checkedOnClose(atRest == null ? in.createOutput(name, context)
                    : atRest.createOutput(name, context, required), label);
        } catch (IOException | RuntimeException e) {
            staged.remove(name, label);
            throw e;
        }
    }

    @Override
    public IndexOutput createTempOutput(String prefix, String suffix, IOContext context) throws IOException {
        AtRestCipher required = requirementOfNewFile();
        IndexOutput out = atRest == null ? in.createTempOutput(prefix, suffix, context)
                : atRest.createTempOutput(prefix, suffix, context, required);
        // The name is chosen by the delegate; nothing has been written to it yet.
        Conduit label = IndexLabels.label(shard, out.getName(), floorName(required));
        try {
            gate.write(label, null, Payload.data());
        } catch (RuntimeException refused) {
            out.close();
            in.deleteFile(out.getName());
            throw refused;
        }
        staged.put(out.getName(), label);
        return checkedOnClose(out, label);
    }

    /**
     * The file keeps its bytes and so its cipher: the new name is labelled with the cipher the source's label
     * names, or {@value AtRestStrength#NONE} when this task did not create it (nothing known protects it).
     */
    @Override
    public void rename(String source, String dest) throws IOException {
        Conduit created = staged.get(source);
        String sealedWith = created == null ? AtRestStrength.NONE
                : created.attributes().getOrDefault(AtRestStrength.ATTRIBUTE, AtRestStrength.NONE);
        Conduit label = IndexLabels.label(shard, dest, sealedWith);
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

    /**
     * The file is written after it is created, and Lucene streams into some files (stored fields) while the task
     * reads more: closing it checks the write again with the taint as it is then, so data read after the
     * creation never lands unchecked in a file sealed more weakly than it requires. A refused file is deleted.
     */
    private IndexOutput checkedOnClose(IndexOutput out, Conduit label) {
        if (!gate.monitored()) {
            return out;
        }
        return new FilterIndexOutput("PolicyDirectory(" + out + ")", out.getName(), out) {
            private boolean closed;

            @Override
            public void writeShort(short i) throws IOException {
                out.writeShort(i);
            }

            @Override
            public void writeInt(int i) throws IOException {
                out.writeInt(i);
            }

            @Override
            public void writeLong(long i) throws IOException {
                out.writeLong(i);
            }

            // The bulk writes go to the delegate whole: DataOutput's defaults would pass them through this
            // wrapper's writeByte one byte at a time.
            @Override
            public void writeBytes(byte[] b, int length) throws IOException {
                out.writeBytes(b, length);
            }

            @Override
            public void writeString(String s) throws IOException {
                out.writeString(s);
            }

            @Override
            public void copyBytes(DataInput input, long numBytes) throws IOException {
                out.copyBytes(input, numBytes);
            }

            @Override
            public void writeMapOfStrings(Map<String, String> map) throws IOException {
                out.writeMapOfStrings(map);
            }

            @Override
            public void writeSetOfStrings(Set<String> set) throws IOException {
                out.writeSetOfStrings(set);
            }

            @Override
            public void writeGroupVInts(long[] values, int limit) throws IOException {
                out.writeGroupVInts(values, limit);
            }

            @Override
            public void close() throws IOException {
                if (closed) {
                    return;
                }
                closed = true;
                out.close();
                try {
                    gate.write(label, null, Payload.data());
                } catch (RuntimeException refused) {
                    staged.remove(getName(), label);
                    in.deleteFile(getName());
                    throw refused;
                }
            }
        };
    }

    /** The requirement a file created now is sealed with (null: none, or a plaintext index): the taint's. */
    private AtRestCipher requirementOfNewFile() {
        if (atRest == null) {
            return null;
        }
        AtRestCipher required = gate.minimumAtRest().map(Ciphers::byName).orElse(null);
        return requirement.apply(required);
    }

    /** The label's cipher of a file created with {@code required}: the weakest it is ever sealed with. */
    private String floorName(AtRestCipher required) {
        return atRest == null ? AtRestStrength.NONE : atRest.floorFor(required).name();
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
