package org.maat.core.search;

import org.apache.lucene.util.InfoStream;

/**
 * Buggy task code for the review attack {@code org.maat.core.review.LuceneWriterDefaultsChannelTest}, in a task
 * package: it leaves a title in one of Lucene's JVM-wide writer defaults that {@code LibraryState} does not pin and
 * the rules on task code do not name ({@link InfoStream#setDefault}; likewise {@code Codec.setDefault}). The code planted there runs later inside the runtime's own index writer (every
 * {@code IndexWriterConfig} made after takes the default), outside any task boundary, and its exception is the
 * runtime's.
 */
public final class WriterDefaultsTrojan {

    private WriterDefaultsTrojan() {
    }

    /** Every later {@code IndexWriterConfig} of the JVM logs to a stream that fails with {@code title}. */
    public static void plantInfoStream(String title) {
        InfoStream.setDefault(new TitleInfoStream(title));
    }

    private static final class TitleInfoStream extends InfoStream {
        private final String title;

        TitleInfoStream(String title) {
            this.title = title;
        }

        @Override
        public void message(String component, String message) {
            throw new IllegalStateException(title);
        }

        @Override
        public boolean isEnabled(String component) {
            throw new IllegalStateException(title);
        }

        @Override
        public void close() {
        }
    }
}
