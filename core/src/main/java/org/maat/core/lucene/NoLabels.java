package org.maat.core.lucene;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.lucene.store.Directory;
import org.maat.core.task.AccessGate;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;

/**
 * The baseline's labelling: no labels, files opened as they are. An index built so is published by
 * its {@link NoPolicyRecord}; one read so may have been built either way.
 */
final class NoLabels extends IndexLabelling {

    private final IndexLayout layout;
    private final Optional<PublishedIndex> published;

    private NoLabels(IndexLayout layout, Optional<PublishedIndex> published) {
        this.layout = layout;
        this.published = published;
    }

    static NoLabels forWriting(IndexLayout layout) {
        return new NoLabels(layout, NoPolicyRecord.readIfPresent(layout));
    }

    static NoLabels forReading(IndexLayout layout) {
        return new NoLabels(layout, Optional.of(PublishedIndex.read(layout)));
    }

    @Override
    public Monitoring monitoring() {
        return Monitoring.NONE;
    }

    @Override
    public Path file() {
        return layout.noPolicyRecord();
    }

    @Override
    public Optional<PublishedIndex> published() {
        return published;
    }

    @Override
    public PublishedIndex requirePublished() {
        return published.orElseThrow(() -> new IllegalArgumentException(layout.root()
                + " names no published commit: no indexer finished publishing this index; rebuild it"));
    }

    @Override
    public void publish(PublishedIndex index, Set<Conduit> labels) throws IOException {
        if (!labels.isEmpty()) {
            throw new IllegalArgumentException("an index built without the monitor has no labels: " + labels);
        }
        NoPolicyRecord.write(layout, index);
    }

    @Override
    Directory open(Directory raw, int shard, AccessGate gate) {
        return raw;
    }

    @Override
    List<Conduit> labelsRead(Directory opened) {
        return List.of();
    }

    @Override
    void labelCommitted(Directory opened, int shard, Collection<String> files, Set<Conduit> labels) {
    }

    @Override
    public Optional<Conduit> find(String conduitId) {
        return Optional.empty();
    }

    @Override
    public void close() {
    }
}
