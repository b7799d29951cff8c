package org.maat.core.index;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.maat.core.task.KeepNothingReuse;

/**
 * The analyzer of the index's text fields: Lucene's standard chain (standard tokenizer, lower case, English stop
 * words), the same tokens as {@code StandardAnalyzer}, but with nothing a holder can change. One instance serves
 * every indexer and search of the JVM, and task code is handed it: {@code StandardAnalyzer.setMaxTokenLength}
 * would let one task change how every later query is split (and so what the runtime's texts count), and
 * {@code close} would break every later search. Here the token length is a constant, set again on every use of
 * a reused tokenizer, and {@link #close} does nothing. Nor does it reuse a token stream: Lucene's default keeps one
 * per thread, and a token stream takes attributes of any class ({@code addAttributeImpl}), whose code then runs for
 * every later token on that thread, the runtime's own parse of a query included. Every call builds fresh components
 * (a tokenizer and two filters), which is the cost of that. Its reuse strategy is the runtime's
 * ({@link KeepNothingReuse}): Lucene's analyzer also keeps a per-thread stored value for its strategy, which that
 * strategy never uses and the task boundary empties after every task.
 */
final class IndexAnalyzer extends Analyzer {

    IndexAnalyzer() {
        super(KeepNothingReuse.instance());
    }

    private static final int MAX_TOKEN_LENGTH = StandardAnalyzer.DEFAULT_MAX_TOKEN_LENGTH;

    @Override
    protected TokenStreamComponents createComponents(String fieldName) {
        StandardTokenizer source = new StandardTokenizer();
        source.setMaxTokenLength(MAX_TOKEN_LENGTH);
        // Lucene's stop words are an unmodifiable set
        TokenStream result = new StopFilter(new LowerCaseFilter(source), EnglishAnalyzer.ENGLISH_STOP_WORDS_SET);
        return new TokenStreamComponents(reader -> {
            source.setMaxTokenLength(MAX_TOKEN_LENGTH); // whoever reached the reused tokenizer, its length is ours
            source.setReader(reader);
        }, result);
    }

    @Override
    protected TokenStream normalize(String fieldName, TokenStream in) {
        return new LowerCaseFilter(in);
    }

    /** Shared for the life of the JVM: closing it would break every later search, so nobody can. */
    @Override
    public void close() {
        // nothing: see the class comment
    }
}
