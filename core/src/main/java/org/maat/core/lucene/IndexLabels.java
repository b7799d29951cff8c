package org.maat.core.lucene;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.lucene.store.Directory;
import org.maat.core.task.AccessGate;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;
import org.maat.policy.lang.AtRestStrength;
import org.maat.policy.lang.Policy;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.lang.PolicyPrinter;
import org.maat.policy.store.Batch;
import org.maat.policy.store.PolicyStore;
import org.maat.policy.templates.PolicyTemplates;
import org.maat.policy.templates.StandardPolicy;

/**
 * The labels of a monitored index, in its own policy store ({@code labels.db}): one conduit per
 * index file under the standard {@code index} policy (owner {@value #OWNER}), and a record of the
 * published commit of every shard.
 *
 * <p>What it guarantees: {@link #publish} replaces the published commits and the file labels in one
 * policy-store batch, so after a crash the store names either the previous commits with their
 * labels or the new ones with theirs, never a mix. A file has a label only while the published
 * commit of its shard uses it; a file of an unpublished commit has none and cannot be opened
 * through a {@link PolicyDirectory}. It is the {@link IndexLabelling} of every run under the monitor.
 */
public final class IndexLabels extends IndexLabelling {

    /** The principal that owns index files; an indexer task acts as this principal. */
    public static final String OWNER = "indexer";

    /** The index policy (read: nobody; declassify: {@code ONLY_CND_IDS+}). */
    public static final Policy POLICY = PolicyTemplates.policy(StandardPolicy.INDEX, false);
    public static final PolicyId POLICY_ID = PolicyId.ofCanonicalText(PolicyPrinter.print(POLICY));

    private static final String ID_PREFIX = "ix/";
    private static final String PUBLISHED_ID = ID_PREFIX + "published";

    private final PolicyStore store;

    private IndexLabels(PolicyStore store) {
        this.store = store;
    }

    /** Opens (or creates) the label store of an index. */
    public static IndexLabels open(IndexLayout layout) throws IOException {
        Files.createDirectories(layout.root());
        return new IndexLabels(PolicyStore.open(layout.labels()));
    }

    /**
     * A read-only snapshot of an index's label store ({@link PolicyStore#openSnapshot}): no lock is
     * taken, so any number of shard servers, in this process or others, can open the same index.
     */
    public static IndexLabels openSnapshot(IndexLayout layout) {
        if (!layout.monitored()) {
            throw new IllegalArgumentException("index " + layout.root() + " has no labels: it was built with --no-policy ("
                    + layout.noPolicyRecord() + "); serve it with --no-policy or rebuild it");
        }
        return new IndexLabels(PolicyStore.openSnapshot(layout.labels()));
    }

    @Override
    public Monitoring monitoring() {
        return Monitoring.REFERENCE_MONITOR;
    }

    @Override
    public Path file() {
        return store.file();
    }

    /**
     * The conduit of a file of {@code shard} as far as its id names it, without the cipher it is sealed with:
     * for reads, whose check and taint do not depend on it. A write labels the file with {@link #label(int,
     * String, String)}.
     */
    public static Conduit label(int shard, String fileName) {
        return new Conduit(ID_PREFIX + shard + "/" + fileName, "index/shard-" + shard + "/" + fileName, OWNER,
                POLICY_ID, Map.of("shard", Integer.toString(shard), "file", fileName));
    }

    /**
     * The label a file of {@code shard} gets when an indexer creates it: with attribute
     * {@value AtRestStrength#ATTRIBUTE} = {@code sealedWith}, the cipher it is sealed with at rest
     * ({@value AtRestStrength#NONE} when plaintext), which the monitor's {@code atRestAtLeast} checks. Labels
     * published before encryption at rest existed lack the attribute; they still load and read as before.
     */
    public static Conduit label(int shard, String fileName, String sealedWith) {
        return new Conduit(ID_PREFIX + shard + "/" + fileName, "index/shard-" + shard + "/" + fileName, OWNER,
                POLICY_ID, Map.of("shard", Integer.toString(shard), "file", fileName, AtRestStrength.ATTRIBUTE,
                        sealedWith));
    }

    /** The label of a file of the published commit of {@code shard}. */
    public Optional<Conduit> published(int shard, String fileName) {
        return store.find(ID_PREFIX + shard + "/" + fileName);
    }

    /** The published commits, or empty if no indexer ever published into this store. */
    @Override
    public Optional<PublishedIndex> published() {
        return store.find(PUBLISHED_ID).map(c -> PublishedIndex.fromAttributes(c.attributes()));
    }

    /** The published commits; refuses a store no indexer finished publishing into, naming it. */
    @Override
    public PublishedIndex requirePublished() {
        return published().orElseThrow(() -> new IllegalArgumentException("the label store " + store.file()
                + " names no published commit: no monitored indexer finished publishing this index; rebuild it"));
    }

    /** Every stored label and the commit record, read lazily from the last commit; close the stream. */
    public Stream<Conduit> all() {
        return store.conduits();
    }

    @Override
    public Optional<Conduit> find(String conduitId) {
        return conduitId.startsWith(ID_PREFIX) ? store.find(conduitId) : Optional.empty();
    }

    /**
     * Publishes {@code index} in one atomic batch: puts {@code labels} (one per file of every new
     * commit) and the commit record, and removes every label the new commits no longer use.
     */
    @Override
    public void publish(PublishedIndex index, Set<Conduit> labels) {
        Batch batch = store.batch().putPolicy(POLICY_ID, PolicyPrinter.print(POLICY));
        Set<String> kept = new HashSet<>();
        for (Conduit label : labels) {
            if (!label.policy().equals(POLICY_ID) || !label.id().startsWith(ID_PREFIX)) {
                throw new IllegalArgumentException("not an index file label: " + label);
            }
            batch.putConduit(label);
            kept.add(label.id());
        }
        kept.add(PUBLISHED_ID);
        try (Stream<Conduit> stored = store.conduits()) {
            stored.map(Conduit::id).filter(id -> !kept.contains(id)).forEach(batch::removeConduit);
        }
        batch.putConduit(new Conduit(PUBLISHED_ID, "index/published", OWNER, POLICY_ID, index.toAttributes()));
        batch.commit();
    }

    /** Every file of the shard goes through a {@link PolicyDirectory} on {@code gate}. */
    @Override
    Directory open(Directory raw, int shard, AccessGate gate) {
        return new PolicyDirectory(raw, shard, this, gate);
    }

    @Override
    List<Conduit> labelsRead(Directory opened) {
        return ((PolicyDirectory) opened).labelsRead();
    }

    /** A file is labelled as the indexer wrote it, or, copied from the published commit, as published. */
    @Override
    void labelCommitted(Directory opened, int shard, Collection<String> files, Set<Conduit> labels) {
        for (String file : files) {
            Conduit label = ((PolicyDirectory) opened).stagedLabel(file);
            if (label == null) {
                label = published(shard, file).orElseThrow(() -> new IllegalStateException(
                        "file " + file + " of shard " + shard + " is in the commit but was not written through the"
                                + " PolicyDirectory and has no label"));
            }
            labels.add(label);
        }
    }

    @Override
    public void close() {
        store.close();
    }
}
