package org.maat.core.task;

import org.apache.lucene.analysis.Analyzer;

/**
 * The reuse strategy of the index's one analyzer ({@code IndexAnalyzer}), owned by the runtime: it keeps no token
 * stream components and never reads or writes the analyzer's per-thread stored value. Lucene's {@link Analyzer} keeps
 * that value for its strategy, and any {@link Analyzer.ReuseStrategy} subclass may read and write it on any analyzer
 * (the protected {@code getStoredValue}/{@code setStoredValue}); since the analyzer is shared by every task, a value
 * one task left there would reach the next task run on that thread, another session's.
 *
 * <p>What it guarantees: the runtime's strategy never uses the value, and {@link TaskBoundary#run} empties it on the
 * task's thread after every task ({@link #clearStoredValue}), so nothing a task put there is there for the next. The
 * rules on task code refuse a strategy of its own and the stored-value calls outright ({@code TaskChannelRulesTest}).
 */
public final class KeepNothingReuse extends Analyzer.ReuseStrategy {

    private static final KeepNothingReuse INSTANCE = new KeepNothingReuse();

    private KeepNothingReuse() {
    }

    /** The strategy: stateless, so one instance serves every analyzer. */
    public static Analyzer.ReuseStrategy instance() {
        return INSTANCE;
    }

    @Override
    public Analyzer.TokenStreamComponents getReusableComponents(Analyzer analyzer, String fieldName) {
        return null;
    }

    @Override
    public void setReusableComponents(Analyzer analyzer, String fieldName, Analyzer.TokenStreamComponents components) {
        // kept nowhere: nothing one caller attached to a token stream reaches the next
    }

    /** Empties {@code analyzer}'s stored value on the calling thread. */
    static void clearStoredValue(Analyzer analyzer) {
        INSTANCE.setStoredValue(analyzer, null);
    }
}
