package org.maat.core.corpus;

import java.io.IOException;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.maat.core.conduit.ScanMode;

/** The first {@code limit} documents of a corpus, so a demo or a benchmark runs in seconds. */
public record FirstDocuments(Corpus corpus, long limit) implements Corpus {

    public FirstDocuments {
        if (limit < 1) {
            throw new IllegalArgumentException("a corpus prefix needs at least 1 document, not " + limit);
        }
    }

    @Override
    public String spec() {
        return corpus.spec() + " (first " + limit + ")";
    }

    @Override
    public OptionalLong expectedDocuments() {
        return OptionalLong.of(limit);
    }

    @Override
    public CorpusReader open(ScanMode mode, Consumer<CorpusFormatException> skipped) throws IOException {
        CorpusReader all = corpus.open(mode, skipped);
        return new CorpusReader() {
            private long read;

            @Override
            public long skipped() {
                return all.skipped();
            }

            @Override
            public boolean hasNext() {
                return read < limit && all.hasNext();
            }

            @Override
            public CorpusEntry next() {
                read++;
                return all.next();
            }

            @Override
            public void close() throws IOException {
                all.close();
            }
        };
    }
}
