package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.index.DocumentMapper;
import org.maat.core.index.IndexFields;
import org.maat.core.runtime.IndexUpdate;
import org.maat.core.task.LabelledDocument;
import org.maat.core.task.Monitoring;
import org.maat.core.task.TaskContext;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * Review attack on "static state: a rule: every static field of task code is final" and the README's "the task
 * packages have six static fields, all constants". {@code IndexFields.ANALYZER} (task package
 * {@code org.maat.core.index}) is a final field holding a mutable object: the one {@code StandardAnalyzer} every
 * indexer and every search of the JVM uses, the runtime's own reading of a query included
 * ({@code QueryComposer.standard()} in {@code SearchService}). {@code StandardAnalyzer.setMaxTokenLength} is public,
 * named by no rule, and {@code LibraryState} does not pin it. A buggy search task of u1 sets it to a character of
 * a private title; u2's next ordinary search of one long word is split into tokens of that length, and the
 * runtime's "too expensive" text names how many term clauses that made.
 */
class SharedAnalyzerChannelTest {

    /** Its spare index: a second index of the same data, updated in place while the service serves the first. */
    @RegisterExtension
    static final ReviewIndex review = new ReviewIndex(160, 28, 1);

    private static final Pattern CLAUSES = Pattern.compile("it has ([0-9]+) term clauses");
    /** Long enough to pass 512 clauses at a token length of 127, short enough to stay under Lucene's 1024 per field at 32. */
    private static final int WORD = 32_700;

    @AfterEach
    void restoreTheSharedAnalyzer() {
        setSharedTokenLength(StandardAnalyzer.DEFAULT_MAX_TOKEN_LENGTH);
    }

    private static String storedTitle(TaskContext ctx, String id) throws IOException {
        return ReviewAttacks.storedTitle(ctx.searchers(), id);
    }

    /** The token length that splits one word of {@link #WORD} letters into {@code clauses} clauses over two fields. */
    private static int tokenLength(Throwable seen) {
        if (seen == null) {
            return 0;
        }
        Matcher m = CLAUSES.matcher(String.valueOf(seen.getMessage()));
        if (!m.find()) {
            return 0;
        }
        int clauses = Integer.parseInt(m.group(1));
        for (int n = 1; n < 256; n++) {
            if (2 * ((WORD + n - 1) / n) == clauses) {
                return n;
            }
        }
        return 0;
    }

    /**
     * What a buggy task does to the one analyzer of the JVM: its public setter when it is a {@code StandardAnalyzer}
     * (Lucene's components hide the reused tokenizer behind a {@code Consumer<Reader>}).
     */
    private static void setSharedTokenLength(int length) {
        if (IndexFields.analyzer() instanceof StandardAnalyzer standard) {
            standard.setMaxTokenLength(length);
        }
    }

    @Test
    void aSearchTaskCannotSpellAPrivateTitleIntoTheSharedAnalyzer() {
        Session reader = Session.of("u1", "r0");
        Session observer = Session.of("u2", "r0");
        Conduit secretDoc = review.unreadableBy(reader, observer).get(0);
        String title = review.title(secretDoc.id());
        String oneLongWord = "x".repeat(WORD);
        StringBuilder recovered = new StringBuilder();
        for (int i = 0; i < title.length(); i++) {
            int position = i;
            // u1's buggy search task: releases nothing, fails nothing
            catchThrowable(() -> review.service().run(reader, "parliament", ctx -> {
                setSharedTokenLength(storedTitle(ctx, secretDoc.id()).charAt(position));
                ctx.results().writeIds(List.of());
            }));
            // u2's ordinary search of one word
            Throwable seen = catchThrowable(() -> review.service().search(observer, oneLongWord, 5));
            recovered.append((char) tokenLength(seen));
        }
        assertThat(recovered.toString()).as("what u2 decoded from the runtime's 'too expensive' texts; the title of "
                + "%s, which neither u1 nor u2 may read", secretDoc.id()).isNotEqualTo(title);
    }

    /**
     * The same from an indexer task: a buggy {@code DocumentMapper} given to an in-place {@code IndexUpdate} in the
     * serving JVM (it is handed the document the runtime re-indexes, here the private one) leaves one character
     * per update in the shared analyzer; its entries are exact copies and pass the {@code IndexEntryCheck}.
     */
    @Test
    void anIndexersMapperCannotSpellAPrivateTitleIntoTheSharedAnalyzer() throws IOException {
        Session observer = Session.of("u2", "r0");
        Conduit secretDoc = review.unreadableBy(observer).get(1);
        String title = review.title(secretDoc.id());
        String oneLongWord = "x".repeat(WORD);
        StringBuilder recovered = new StringBuilder();
        for (int i = 0; i < title.length(); i++) {
            int position = i;
            DocumentMapper buggy = labelled -> {
                if (labelled.conduit().id().equals(secretDoc.id())) {
                    setSharedTokenLength(labelled.document().title().charAt(position));
                }
                return IndexFields.document(labelled);
            };
            try (IndexUpdate update = IndexUpdate.open(review.service().data(), review.spare(),
                    Monitoring.REFERENCE_MONITOR, buggy)) {
                update.add(new LabelledDocument(secretDoc,
                        review.service().data().documents().get(secretDoc.id()).orElseThrow()));
                update.publish();
            }
            Throwable seen = catchThrowable(() -> review.service().search(observer, oneLongWord, 5));
            recovered.append((char) tokenLength(seen));
        }
        assertThat(recovered.toString()).as("what u2 decoded from the runtime's 'too expensive' texts after indexer "
                + "runs; the title of %s, which u2 may not read", secretDoc.id()).isNotEqualTo(title);
    }
}
