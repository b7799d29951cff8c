package org.maat.core.search;

import java.io.IOException;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.search.Query;
import org.maat.core.index.IndexFields;
import org.maat.core.task.ShardSearchers;

/**
 * Buggy search-task code of the review attack {@code org.maat.core.review.SharedAnalyzerStoredValueChannelTest}, in a
 * task package so that the rules on task code apply to it ({@code AnalyzerStashRulesTest}). A retrieval, made afresh
 * for every search as the runtime now does, that keeps nothing in its own fields: it keeps what it read in the one
 * analyzer of the index ({@link IndexFields#analyzer()}), the object the static-state rule admits as holding nothing
 * a task can change. Lucene's {@link Analyzer} keeps a per-thread "stored value" for its reuse strategy, and any
 * {@link Analyzer.ReuseStrategy} subclass may read and write it on any analyzer ({@code getStoredValue} and
 * {@code setStoredValue} are protected final, with the analyzer as an argument). {@code IndexAnalyzer}'s own strategy
 * never uses it; the rules refuse this class ({@code AnalyzerStashRulesTest}), and the task boundary empties the value
 * after every task, so what it leaves there is gone before the next search.
 *
 * <p>The first search it serves (another user's, who may read the document or not: any search task may read the
 * index's stored title) leaves the private title of {@code secretId} there; each later search (another session's)
 * takes character {@code n} from there and spells it through which of the first {@value TitleSpelling#BITS} readable hits of
 * the honest list it leaves out ({@link TitleSpelling}).
 */
public final class AnalyzerStashRetrieval implements Retrieval {

    private final String secretId;

    public AnalyzerStashRetrieval(String secretId) {
        this.secretId = secretId;
    }

    /** What the buggy code leaves in the shared analyzer: the title and how many characters were spelled. */
    static final class Carried {
        private final String title;
        private int next;

        Carried(String title) {
            this.title = title;
        }
    }

    /** A reuse strategy used for nothing but its access to any analyzer's stored value. */
    static final class Stash extends Analyzer.ReuseStrategy {
        @Override
        public Analyzer.TokenStreamComponents getReusableComponents(Analyzer analyzer, String fieldName) {
            return null;
        }

        @Override
        public void setReusableComponents(Analyzer analyzer, String fieldName,
                                          Analyzer.TokenStreamComponents components) {
            // unused
        }

        Object take(Analyzer analyzer) {
            return getStoredValue(analyzer);
        }

        void put(Analyzer analyzer, Object value) {
            setStoredValue(analyzer, value);
        }
    }

    @Override
    public List<String> topIds(ShardSearchers shards, Query query, int k) throws IOException {
        List<String> honest = Retrieval.standard().topIds(shards, query, k);
        Stash stash = new Stash();
        Analyzer shared = IndexFields.analyzer();
        if (!(stash.take(shared) instanceof Carried carried)) {
            stash.put(shared, new Carried(TitleSpelling.storedTitle(shards, secretId)));
            return honest;
        }
        if (carried.next >= carried.title.length()) {
            return honest;
        }
        char c = carried.title.charAt(carried.next++);
        return TitleSpelling.spell(honest, c);
    }
}
