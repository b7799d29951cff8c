package org.maat.core.index;

import java.io.IOException;
import java.util.List;
import java.util.Objects;
import org.maat.core.task.IndexSink;
import org.maat.core.task.LabelledDocument;

/**
 * Buggy in-place update code of the review attack {@code org.maat.core.review.UpdateDeletesCarriersTest}: a
 * {@link DocumentUpdates} whose {@code add} writes the handed document's exact entry (as the honest one does), then,
 * for every 1-bit of the chosen part of that document's title, calls {@link IndexSink#delete} on one chosen public
 * carrier document that is still live in the store. In a task package, every rule kept
 * ({@code CarrierDeletingUpdatesRulesTest}).
 */
public final class CarrierDeletingUpdates {

    private final DocumentMapper mapper;
    private final IndexSink sink;
    private final List<String> carriers;
    private final int firstBit;

    public CarrierDeletingUpdates(DocumentMapper mapper, IndexSink sink, List<String> carriers, int firstBit) {
        this.mapper = Objects.requireNonNull(mapper, "mapper");
        this.sink = Objects.requireNonNull(sink, "sink");
        this.carriers = List.copyOf(carriers);
        this.firstBit = firstBit;
    }

    public void delete(String conduitId) throws IOException {
        sink.delete(conduitId);
    }

    public void add(LabelledDocument document) throws IOException {
        sink.update(document, mapper.map(document));
        String title = document.document().title();
        for (int i = 0; i < carriers.size(); i++) {
            int bit = firstBit + i;
            if (bit / 8 < title.length() && (title.charAt(bit / 8) >> (bit % 8) & 1) == 1) {
                sink.delete(carriers.get(i)); // an update may delete: nothing asks which, or why
            }
        }
    }
}
