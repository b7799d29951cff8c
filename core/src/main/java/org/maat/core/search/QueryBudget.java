package org.maat.core.search;

import org.apache.lucene.search.FuzzyQuery;
import org.apache.lucene.search.MultiTermQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.util.automaton.ByteRunAutomaton;
import java.util.function.Supplier;

/**
 * The most a parsed query may ask of the index before it runs, checked by the trusted runtime for
 * every search (and by the front-end, to answer early): at most {@value #MAX_CLAUSES} term clauses
 * and at most {@value #MAX_EXPANDING} clauses that expand into many terms (fuzzy {@code ~}, prefix
 * {@code *}, wildcard, regexp), counting a clause once per field it searches ({@code title},
 * {@code body}), so repeated terms count every time. Each fuzzy clause expands into at most
 * {@value #MAX_FUZZY_EXPANSIONS} terms (Lucene's default). What passes may still run long; the
 * runtime's deadline bounds that.
 */
public final class QueryBudget {

    /**
     * Term clauses, counted per field: 256 words over title and body. Enough for any query of plain
     * words the front-end accepts (500 characters: at most 250 words) and for the longest europarl
     * title (176 words, which {@code bench search} sends as a query); a plain term costs one postings
     * walk, and the deadline bounds the sum.
     */
    public static final int MAX_CLAUSES = 512;
    /** Fuzzy, prefix, wildcard and regexp clauses, counted per field: 4 such words over title and body. */
    public static final int MAX_EXPANDING = 8;
    /** Terms one fuzzy clause expands into. */
    public static final int MAX_FUZZY_EXPANSIONS = FuzzyQuery.defaultMaxExpansions;

    private QueryBudget() {
    }

    /** @throws QueryTooExpensiveException naming the limit {@code query} exceeds */
    public static void check(Query query) {
        int[] clauses = {0};
        int[] expanding = {0};
        query.visit(new QueryVisitor() {
            @Override
            public QueryVisitor getSubVisitor(org.apache.lucene.search.BooleanClause.Occur occur, Query parent) {
                return this;
            }

            @Override
            public void consumeTerms(Query q, org.apache.lucene.index.Term... terms) {
                clauses[0] += terms.length;
            }

            @Override
            public void consumeTermsMatching(Query q, String field, Supplier<ByteRunAutomaton> automaton) {
                clauses[0]++;
                expanding[0]++;
            }

            @Override
            public void visitLeaf(Query q) {
                if (q instanceof MultiTermQuery) {
                    expanding[0]++;
                }
                clauses[0]++;
            }
        });
        if (expanding[0] > MAX_EXPANDING) {
            throw new QueryTooExpensiveException("the query is too expensive: it has " + expanding[0]
                    + " fuzzy, prefix or wildcard clauses (each word counts once per field, title and body), at most "
                    + MAX_EXPANDING + " are allowed");
        }
        if (clauses[0] > MAX_CLAUSES) {
            throw new QueryTooExpensiveException("the query is too expensive: it has " + clauses[0]
                    + " term clauses (each word counts once per field, title and body, repeated words every time), "
                    + "at most " + MAX_CLAUSES + " are allowed");
        }
    }
}
