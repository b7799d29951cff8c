package org.maat.core.review;

import org.apache.lucene.analysis.Analyzer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.index.IndexFields;
import org.maat.core.search.AnalyzerStashRetrieval;

/**
 * Review attack on "static state: ... holds a value no task can change: ... the index's one analyzer ... so two tasks
 * cannot meet in a static final collection, array or object with a field to set" (the static-state rule admits
 * {@code IndexAnalyzer} as "the index's one analyzer, whose only state is a reuse strategy that keeps nothing") and on
 * "the search components ... made afresh for every search ... nothing a component keeps in its fields outlives the
 * search". Lucene's {@link Analyzer} base class keeps a per-thread stored value ({@code Analyzer.storedValue}, a
 * {@code CloseableThreadLocal}) that any {@link Analyzer.ReuseStrategy} subclass may read and write on any analyzer
 * through its protected final {@code getStoredValue}/{@code setStoredValue}. {@code IndexFields.analyzer()} is handed
 * to every task (a public static method of a task package), and its own strategy never touches that slot, so what one
 * task leaves there stays for the next task the runtime runs on that thread, whoever's it is. No rule names it: the
 * slot is not a {@code ThreadLocal} subclass, not a static field the task declares, and not one of the pinned
 * library settings.
 *
 * <p>The buggy retrieval ({@link AnalyzerStashRetrieval}, fresh for every search) keeps nothing in its fields: in the
 * owner's search it puts the private title in the shared analyzer's slot, and in each later search (the observer's) it
 * takes a character from there and spells it through which of the first 7 readable hits it leaves out. The observer,
 * who may not read the document, decodes the title from its own answers.
 */
class SharedAnalyzerStoredValueChannelTest {

    @RegisterExtension
    static final ReviewIndex review = new ReviewIndex(400, 29);

    private static final int K = 1000;

    /** The owner's search on the test's thread (the slot is per thread), after clearing the slot there. */
    private static final TitleSpellingAttack ATTACK = TitleSpellingAttack.asking(review, K)
            .beforeOwnersSearch(() -> new Clear().clear());

    /** Clears what an attack left in the shared analyzer's slot on this thread. */
    private static final class Clear extends Analyzer.ReuseStrategy {
        @Override
        public Analyzer.TokenStreamComponents getReusableComponents(Analyzer analyzer, String fieldName) {
            return null;
        }

        @Override
        public void setReusableComponents(Analyzer analyzer, String fieldName, Analyzer.TokenStreamComponents c) {
        }

        void clear() {
            setStoredValue(IndexFields.analyzer(), null);
        }
    }

    @AfterEach
    void clearTheSharedAnalyzer() {
        new Clear().clear();
    }

    @Test
    void aFreshRetrievalCannotCarryATitleThroughTheSharedAnalyzerToAnotherSessionsAnswers() throws Exception {
        ATTACK.inProcess(AnalyzerStashRetrieval::new);
    }

    @Test
    void aShardsFreshRetrievalCannotCarryATitleThroughTheSharedAnalyzerToAnotherSessionsAnswers() throws Exception {
        ATTACK.throughShard(AnalyzerStashRetrieval::new);
    }
}
