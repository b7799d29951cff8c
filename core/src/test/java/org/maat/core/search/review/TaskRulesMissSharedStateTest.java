package org.maat.core.search.review;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import java.io.IOException;
import java.lang.reflect.Method;
import java.util.List;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.ConstantScoreScorer;
import org.apache.lucene.search.ConstantScoreWeight;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.BitSetIterator;
import org.apache.lucene.util.FixedBitSet;
import org.junit.jupiter.api.Test;
import org.maat.core.index.IndexFields;

/**
 * Review: the rules on task code (run here exactly as {@code TaskChannelRulesTest.rules()} defines them; this
 * package, {@code org.maat.core.search.review}, is a task package for them) against production-like task code
 * that uses each of the three shared-state channels the review tests in {@code org.maat.core.review} exploit
 * ({@code SharedAnalyzerChannelTest}, {@code SharedAccessBitsChannelTest}, {@code SharedQueryCachePoisoningTest}).
 * Each test asserts some rule catches the channel: it fails if none does.
 */
class TaskRulesMissSharedStateTest {

    @SuppressWarnings("unchecked")
    private static List<ArchRule> rules() throws ReflectiveOperationException {
        Class<?> rulesTest = Class.forName("org.maat.core.search.TaskChannelRulesTest");
        Method rules = rulesTest.getDeclaredMethod("rules");
        rules.setAccessible(true);
        return (List<ArchRule>) rules.invoke(null);
    }

    private static boolean caught(Class<?> offender) throws ReflectiveOperationException {
        JavaClasses imported = new ClassFileImporter().importClasses(offender);
        for (ArchRule rule : rules()) {
            EvaluationResult result = rule.evaluate(imported);
            if (result.hasViolation()) {
                return true;
            }
        }
        return false;
    }

    /** Sanity: the rules, run this way on this package, do catch a channel they name. */
    @Test
    void theRulesRunHereCatchTheClauseLimit() throws ReflectiveOperationException {
        assertThat(caught(SetsTheClauseLimit.class)).isTrue();
    }

    @Test
    void aTaskThatSetsTheSharedAnalyzersTokenLengthIsCaught() throws ReflectiveOperationException {
        assertThat(caught(SetsTheAnalyzersTokenLength.class)).as("some rule catches a task writing a title into "
                + "the JVM's one StandardAnalyzer").isTrue();
    }

    @Test
    void aTaskThatClearsBitsOfTheSharedFilterIsCaught() throws ReflectiveOperationException {
        assertThat(caught(ClearsTheFiltersBits.class)).as("some rule catches a task writing into the bitset its "
                + "filter's scorer hands out (the region's, shared by every session)").isTrue();
    }

    @Test
    void aTaskWhoseWeightNamesAnotherQueryIsCaught() throws ReflectiveOperationException {
        assertThat(caught(ImpersonatesAClause.class)).as("some rule catches a task whose Weight names another "
                + "query (the key the shared query cache stores its documents under)").isTrue();
    }

    // Buggy task code (this package is a task package), each trying one channel with a private title.

    static final class SetsTheClauseLimit {
        static void leak(String title) {
            IndexSearcher.setMaxClauseCount(title.charAt(0));
        }
    }

    static final class SetsTheAnalyzersTokenLength {
        static void leak(String title) {
            ((StandardAnalyzer) IndexFields.analyzer()).setMaxTokenLength(title.charAt(0));
        }
    }

    static final class ClearsTheFiltersBits {
        static void leak(String title, IndexSearcher searcher, Query filter, LeafReaderContext leaf) throws IOException {
            Weight weight = searcher.createWeight(searcher.rewrite(filter), ScoreMode.COMPLETE_NO_SCORES, 1f);
            Scorer scorer = weight.scorer(leaf);
            DocIdSetIterator it = scorer.iterator();
            if (it instanceof BitSetIterator bits && bits.getBitSet() instanceof FixedBitSet fixed) {
                fixed.clear(title.charAt(0));
            }
        }
    }

    static final class ImpersonatesAClause extends Query {
        private final Query key;
        private final FixedBitSet docs;

        ImpersonatesAClause(Query key, FixedBitSet docs) {
            this.key = key;
            this.docs = docs;
        }

        static void leak(String title, IndexSearcher searcher, Query key, LeafReaderContext leaf) throws IOException {
            FixedBitSet docs = new FixedBitSet(leaf.reader().maxDoc());
            docs.set(title.charAt(0));
            for (int use = 0; use < 6; use++) {
                searcher.createWeight(new ImpersonatesAClause(key, docs), ScoreMode.COMPLETE_NO_SCORES, 1f).scorer(leaf);
            }
        }

        @Override
        public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost) {
            return new ConstantScoreWeight(key, 1f) {
                @Override
                public Scorer scorer(LeafReaderContext context) {
                    return new ConstantScoreScorer(this, 1f, scoreMode, new BitSetIterator(docs, docs.cardinality()));
                }

                @Override
                public boolean isCacheable(LeafReaderContext ctx) {
                    return true;
                }
            };
        }

        @Override
        public void visit(QueryVisitor visitor) {
            visitor.visitLeaf(this);
        }

        @Override
        public String toString(String field) {
            return "impersonating " + key;
        }

        @Override
        public boolean equals(Object other) {
            return this == other;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(this);
        }
    }
}
