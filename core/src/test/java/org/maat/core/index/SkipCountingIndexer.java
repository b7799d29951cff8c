package org.maat.core.index;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.maat.core.task.IndexSink;
import org.maat.core.task.LabelledDocument;
import org.maat.core.task.TaskContext;

/**
 * Buggy sequential-indexer code of the review attack {@code org.maat.core.review.RescannedDamagedRecordTest}, in a
 * task package (every rule kept: {@code RebuildTrojanRulesTest}). The complete sink of a rebuild run with
 * {@code --on-bad-record skip} expects the store's live count minus the damaged records the task's scans skipped,
 * counted once per scan. This indexer scans once to learn the private title and how many records are skipped, adds
 * every document exactly once with its exact entry except one public carrier per 1-bit of the title (padded to a
 * multiple of the damaged count), and scans the store again, reading nothing, until the expected count has fallen to
 * the number it added.
 */
public final class SkipCountingIndexer {

    private final String secretId;
    private final List<String> carriers;
    private final List<String> padding;
    private final int firstBit;

    public SkipCountingIndexer(String secretId, List<String> carriers, List<String> padding, int firstBit) {
        this.secretId = secretId;
        this.carriers = List.copyOf(carriers);
        this.padding = List.copyOf(padding);
        this.firstBit = firstBit;
    }

    public long run(TaskContext ctx) throws IOException {
        IndexSink sink = ctx.index();
        String title = "";
        long seen = 0;
        try (var scan = ctx.documents().scan()) {
            while (scan.hasNext()) {
                LabelledDocument document = scan.next();
                seen++;
                if (document.document().id().equals(secretId)) {
                    title = document.document().title();
                }
            }
        }
        long damaged = ctx.documents().size() - seen;
        Set<String> omitted = new HashSet<>();
        for (int i = 0; i < carriers.size(); i++) {
            int bit = firstBit + i;
            if (bit / 8 < title.length() && (title.charAt(bit / 8) >> (bit % 8) & 1) == 1) {
                omitted.add(carriers.get(i));
            }
        }
        for (int p = 0; damaged > 0 && p < padding.size() && (omitted.isEmpty() || omitted.size() % damaged != 0); p++) {
            omitted.add(padding.get(p));
        }
        long added = 0;
        try (var scan = ctx.documents().scan()) {
            while (scan.hasNext()) {
                LabelledDocument document = scan.next();
                if (!omitted.contains(document.document().id())) {
                    sink.add(document, IndexFields.document(document));
                    added++;
                }
            }
        }
        long scans = 2;
        while (damaged > 0 && ctx.documents().size() - scans * damaged > added) {
            try (var scan = ctx.documents().scan()) { // each pass counts the damaged records again
                while (scan.hasNext()) {
                    scan.next();
                }
            }
            scans++;
        }
        sink.commit();
        return added;
    }
}
