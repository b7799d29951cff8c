package org.maat.core.index;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.maat.core.task.IndexSink;
import org.maat.core.task.LabelledDocument;
import org.maat.core.task.TaskContext;

/**
 * Buggy sequential-indexer code of the review attack {@code org.maat.core.review.BuggyRebuildTest}, in a
 * task package so that the rules on task code apply to it ({@code RebuildTrojanRulesTest}). It reads the title of
 * one document and, for every bit that is 1 of the chosen part of it, leaves one chosen carrier document out of the
 * rebuild; to keep the runtime's count of admitted entries equal to the store's live documents, it reads the
 * private document again through its {@code DocumentReader} (a second hand-over, so a second admitted entry) once for
 * each document it left out. Every entry is the index format's exact entry of a document the runtime handed it.
 */
public final class RepeatingIndexer {

    private final String secretId;
    private final List<String> carriers;
    private final int firstBit;

    /** Carries bits {@code firstBit}, {@code firstBit + 1}, ... of the title of {@code secretId}, one per carrier. */
    public RepeatingIndexer(String secretId, List<String> carriers, int firstBit) {
        this.secretId = secretId;
        this.carriers = List.copyOf(carriers);
        this.firstBit = firstBit;
    }

    public long run(TaskContext ctx) throws IOException {
        IndexSink sink = ctx.index();
        String title = ctx.documents().read(secretId).document().title();
        Set<String> leftOut = new HashSet<>();
        for (int i = 0; i < carriers.size(); i++) {
            int bit = firstBit + i;
            if (bit / 8 < title.length() && (title.charAt(bit / 8) >> (bit % 8) & 1) == 1) {
                leftOut.add(carriers.get(i));
            }
        }
        long added = 0;
        try (var scan = ctx.documents().scan()) {
            while (scan.hasNext()) {
                LabelledDocument document = scan.next();
                if (!leftOut.contains(document.document().id())) {
                    sink.add(document, IndexFields.document(document));
                    added++;
                }
            }
        }
        for (int i = 0; i < leftOut.size(); i++) {
            LabelledDocument again = ctx.documents().read(secretId); // handed over again: one more entry admitted
            sink.add(again, IndexFields.document(again));
            added++;
        }
        sink.commit();
        return added;
    }
}
