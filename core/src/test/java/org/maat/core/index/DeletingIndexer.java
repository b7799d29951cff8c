package org.maat.core.index;

import java.io.IOException;
import java.util.List;
import org.maat.core.task.IndexSink;
import org.maat.core.task.LabelledDocument;
import org.maat.core.task.TaskContext;

/**
 * Buggy sequential-indexer code of the review attack {@code org.maat.core.review.BuggyRebuildTest}, in a
 * task package so that the rules on task code apply to it ({@code RebuildTrojanRulesTest}). It adds every document
 * of the store exactly once, each with the index format's exact entry (so the complete sink's count and its check of
 * repeated ids are satisfied), then, for every bit that is 1 of the chosen part of a private title, calls
 * {@link IndexSink#delete} on one chosen public carrier document, and commits.
 */
public final class DeletingIndexer {

    private final String secretId;
    private final List<String> carriers;
    private final int firstBit;

    /** Carries bits {@code firstBit}, {@code firstBit + 1}, ... of the title of {@code secretId}, one per carrier. */
    public DeletingIndexer(String secretId, List<String> carriers, int firstBit) {
        this.secretId = secretId;
        this.carriers = List.copyOf(carriers);
        this.firstBit = firstBit;
    }

    public long run(TaskContext ctx) throws IOException {
        IndexSink sink = ctx.index();
        String title = "";
        long added = 0;
        try (var scan = ctx.documents().scan()) {
            while (scan.hasNext()) {
                LabelledDocument document = scan.next();
                if (document.document().id().equals(secretId)) {
                    title = document.document().title();
                }
                sink.add(document, IndexFields.document(document));
                added++;
            }
        }
        for (int i = 0; i < carriers.size(); i++) {
            int bit = firstBit + i;
            if (bit / 8 < title.length() && (title.charAt(bit / 8) >> (bit % 8) & 1) == 1) {
                sink.delete(carriers.get(i)); // unchecked: the sink counts adds only
            }
        }
        sink.commit();
        return added;
    }
}
