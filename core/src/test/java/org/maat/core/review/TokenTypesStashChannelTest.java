package org.maat.core.review;

import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.search.TokenTypesStashRetrieval;

/**
 * Review attack on "buggy search code cannot leak", "static state: a rule: every static field of task code is final,
 * and holds a value no task can change ... so two tasks cannot meet in a static final collection, array or object",
 * and "everything else in the JVM: a rule, as a list of what is allowed ... Lucene's analysis ... packages". Lucene's
 * analysis package (allowed) has a JVM-wide mutable array, {@code StandardTokenizer.TOKEN_TYPES}
 * ({@code public static final String[]}): the static-state rule looks only at task code's own fields, no rule names it,
 * {@code LibraryState} does not pin it and the boundary does not put it back. A retrieval made fresh per search plants
 * the private title there in the owner's search and spells it, in later searches of another session, through which
 * readable ids it leaves out. The test fails when the title is recovered.
 */
class TokenTypesStashChannelTest {

    @RegisterExtension
    static final ReviewIndex review = new ReviewIndex(400, 29);

    /** What the owner's search asks: fewer than the retrieval's READ_FROM, so it plants. */
    private static final int OWNER_K = 100;

    /** The owner's search on another thread; the observer's search for character n asks READ_FROM + n hits. */
    private static final TitleSpellingAttack ATTACK =
            TitleSpellingAttack.ownerOnAnotherThread(review, OWNER_K, TokenTypesStashRetrieval.READ_FROM);

    @AfterEach
    void putBackTheTokenTypes() {
        StandardTokenizer.TOKEN_TYPES[StandardTokenizer.EMOJI] = "<EMOJI>";
    }

    @Test
    void aFreshRetrievalCannotCarryATitleThroughLucenesTokenTypesArrayToAnotherSessionsAnswers() throws Exception {
        ATTACK.inProcess(TokenTypesStashRetrieval::new);
    }

    @Test
    void aShardsFreshRetrievalCannotCarryATitleThroughLucenesTokenTypesArrayToAnotherSessionsAnswers()
            throws Exception {
        ATTACK.throughShard(TokenTypesStashRetrieval::new);
    }
}
