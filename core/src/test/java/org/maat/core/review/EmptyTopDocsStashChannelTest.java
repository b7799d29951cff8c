package org.maat.core.review;

import org.apache.lucene.search.ScoreDoc;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.search.EmptyTopDocsStashRetrieval;

/**
 * Review attack on "buggy search code cannot leak" and "static state: ... two tasks cannot meet in a static final
 * collection, array or object with a field to set": Lucene's {@code TopDocsCollector.EMPTY_TOPDOCS} is a JVM-wide
 * {@code TopDocs} whose {@code scoreDocs} is a public, non-final field, and a top-docs collector that collected
 * nothing hands it out from {@code topDocs()}. Task code never reads the static field, so the static-state rules do
 * not see it, {@code LibraryState} does not pin it and the boundary does not put it back. A retrieval made fresh per
 * search writes the private title there in the owner's search (on another thread) and spells it, in later searches
 * of another session, through which readable ids it leaves out. The test fails when the title is recovered.
 */
class EmptyTopDocsStashChannelTest {

    @RegisterExtension
    static final ReviewIndex review = new ReviewIndex(400, 29);

    private static final int OWNER_K = 100;

    private static final TitleSpellingAttack ATTACK =
            TitleSpellingAttack.ownerOnAnotherThread(review, OWNER_K, EmptyTopDocsStashRetrieval.READ_FROM);

    private ScoreDoc[] before;

    @BeforeEach
    void rememberTheEmptyAnswer() {
        before = EmptyTopDocsStashRetrieval.sharedEmptyAnswer().scoreDocs;
    }

    /** The very array it held: another one, even empty, is a change the task boundary would see. */
    @AfterEach
    void putBackTheEmptyAnswer() {
        EmptyTopDocsStashRetrieval.sharedEmptyAnswer().scoreDocs = before;
    }

    @Test
    void aFreshRetrievalCannotCarryATitleThroughLucenesSharedEmptyTopDocsToAnotherSessionsAnswers() throws Exception {
        ATTACK.inProcess(EmptyTopDocsStashRetrieval::new);
    }

    @Test
    void aShardsFreshRetrievalCannotCarryATitleThroughLucenesSharedEmptyTopDocsToAnotherSessionsAnswers()
            throws Exception {
        ATTACK.throughShard(EmptyTopDocsStashRetrieval::new);
    }
}
