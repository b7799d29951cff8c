package org.maat.core.review;

import java.util.Comparator;
import org.apache.lucene.search.SortField;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.search.SortFieldStashRetrieval;

/**
 * Review attack on "buggy search code cannot leak" and "static state: ... two tasks cannot meet in a static final
 * collection, array or object with a field to set": Lucene's {@code SortField.FIELD_SCORE} is a JVM-wide object with
 * a setter that takes any object ({@code setBytesComparator}). Task code never reads the field: {@code new Sort()}
 * puts it in its array and {@code getSort()} hands the array out, so the static-state rules (which look at the static
 * fields task code declares and reads) do not see it, {@code LibraryState} does not pin it and the boundary does not
 * put it back. A retrieval made fresh per search hangs the private title there in the owner's search (on another
 * thread) and spells it, in later searches of another session, through which readable ids it leaves out. The test
 * fails when the title is recovered.
 */
class SortFieldStashChannelTest {

    @RegisterExtension
    static final ReviewIndex review = new ReviewIndex(400, 29);

    /** What the owner's search asks: fewer than the retrieval's READ_FROM, so it plants. */
    private static final int OWNER_K = 100;

    private static final TitleSpellingAttack ATTACK =
            TitleSpellingAttack.ownerOnAnotherThread(review, OWNER_K, SortFieldStashRetrieval.READ_FROM);

    private Comparator<BytesRef> before;

    @BeforeEach
    void rememberTheSharedComparator() {
        before = SortField.FIELD_SCORE.getBytesComparator();
    }

    @AfterEach
    void putBackTheSharedComparator() {
        SortField.FIELD_SCORE.setBytesComparator(before);
    }

    @Test
    void aFreshRetrievalCannotCarryATitleThroughLucenesSharedScoreSortFieldToAnotherSessionsAnswers()
            throws Exception {
        ATTACK.inProcess(SortFieldStashRetrieval::new);
    }

    @Test
    void aShardsFreshRetrievalCannotCarryATitleThroughLucenesSharedScoreSortFieldToAnotherSessionsAnswers()
            throws Exception {
        ATTACK.throughShard(SortFieldStashRetrieval::new);
    }
}
