package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.lucene.search.IndexSearcher;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.runtime.SearchService;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardQuery;
import org.maat.core.task.TaskContext;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * Review attack on "static state: a rule: every static field of task code is final". The rule looks only at
 * fields DECLARED in the task packages; the libraries task code must call keep mutable JVM-wide statics of
 * their own. Lucene's {@link IndexSearcher#setMaxClauseCount} is one: any task holding an {@link IndexSearcher}
 * (every search task) may call it (no rule names it: no thread, log, stream, reflection or task-declared
 * static field is involved), and the runtime prints the value back to whoever next sends a query with more
 * term clauses than it: {@code SearchService}'s declared kind for {@code TooManyClauses} builds its text from
 * {@code IndexSearcher.getMaxClauseCount()} ("expands into more than N clauses"); the shard server writes that
 * text as its 400 body, the front-end as its "too expensive" answer.
 *
 * <p>So a buggy search task running for user A (who may not read the document) reads the title from the
 * index's stored field (its searcher gives it; the taint only stops its result channel), stores one character
 * per query in the JVM-wide limit, and user B reads it out of the runtime's own error text. The monitor never
 * sees this flow: nothing crosses the {@code TaskBoundary}.
 */
class LibraryStaticStateChannelTest {

    @RegisterExtension
    static final ReviewIndex review = new ReviewIndex(160, 28);

    private static final int ORIGINAL_LIMIT = IndexSearcher.getMaxClauseCount();
    private static final Pattern LIMIT = Pattern.compile("(?:more than|set to) ([0-9]+)");

    @AfterEach
    void restoreTheJvmWideLimit() {
        IndexSearcher.setMaxClauseCount(ORIGINAL_LIMIT);
    }

    private static String titleOf(Conduit c) {
        return review.title(c.id());
    }

    /** What a buggy task does with the searchers it is given: the stored title of {@code id}. */
    private static String storedTitle(TaskContext ctx, String id) throws IOException {
        return ReviewAttacks.storedTitle(ctx.searchers(), id);
    }

    /** A query of {@code words} distinct plain words: 2 term clauses each (title and body), under the budget. */
    private static String manyWords(int words) {
        StringBuilder query = new StringBuilder();
        for (int i = 0; i < words; i++) {
            query.append(" zq").append(Integer.toString(i, 26).replace('0', 'x'));
        }
        return query.toString().trim();
    }

    /** The limit the observer's answer names; 0 when the runtime answered the query (it names none). */
    private static int limitNamedIn(Throwable seen) {
        if (seen == null) {
            return 0;
        }
        Matcher m = LIMIT.matcher(String.valueOf(seen.getMessage()));
        assertThat(m.find()).as("a limit in: %s", seen.getMessage()).isTrue();
        return Integer.parseInt(m.group(1));
    }

    @Test
    void aSearchTaskCannotSpellAPrivateTitleIntoAnotherUsersTooExpensiveMessage() {
        Session reader = Session.of("u1", "r0");
        Session observer = Session.of("u2", "r0");
        Conduit secretDoc = review.unreadableBy(reader, observer).get(0);
        String title = titleOf(secretDoc);
        StringBuilder recovered = new StringBuilder();
        for (int i = 0; i < title.length(); i++) {
            int position = i;
            // user u1's buggy search task: releases nothing, fails nothing
            catchThrowable(() -> review.service().run(reader, "parliament", ctx ->
                    IndexSearcher.setMaxClauseCount(Math.max(1, storedTitle(ctx, secretDoc.id()).charAt(position)))));
            // user u2's ordinary search, 150 words = 300 term clauses (the budget allows 512)
            Throwable seen = catchThrowable(() -> review.service().search(observer, manyWords(150), 5));
            recovered.append((char) limitNamedIn(seen));
            IndexSearcher.setMaxClauseCount(ORIGINAL_LIMIT);
        }
        assertThat(recovered.toString()).as("what u2 decoded from the runtime's 'too expensive' texts alone; "
                + "the title of %s, which neither u1 nor u2 may read", secretDoc.id()).isNotEqualTo(title);
    }

    /** The same channel at an in-process shard: the text the shard server writes verbatim as its 400 body. */
    @Test
    void aShardsTooExpensiveAnswerDoesNotCarryWhatAnotherUsersTaskRead() throws IOException {
        Session reader = Session.of("u1", "r0");
        Session observer = Session.of("u2", "r0");
        Conduit secretDoc = review.unreadableBy(reader, observer).get(1);
        String title = titleOf(secretDoc);
        try (ShardIndex shards = review.openShards()) {
            catchThrowable(() -> review.service().run(reader, "parliament", ctx ->
                    IndexSearcher.setMaxClauseCount(Math.max(1, storedTitle(ctx, secretDoc.id()).charAt(0)))));
            Throwable seen = catchThrowable(() -> shards.shard(0).search(
                    new ShardQuery(observer.principal(), "r0", manyWords(150), 5)));
            assertThat(limitNamedIn(seen)).as("the limit u2's shard answer names, vs the first character of "
                    + "the title of %s (%s)", secretDoc.id(), title).isNotEqualTo((int) title.charAt(0));
        }
    }
}
