package org.maat.core.corpus;

import java.io.IOException;
import java.util.NoSuchElementException;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.maat.core.conduit.ScanMode;

/**
 * {@code synthetic:SIZE}: documents streamed from europarl's vocabulary with its term frequencies and
 * document lengths, until their titles and bodies add up to SIZE bytes. Seeded: the same size and
 * seed give the same corpus. Benchmarks scale with it without a download.
 */
public final class SyntheticCorpus implements Corpus {

    private final String spec;
    private final long bytes;
    private final long seed;
    private Vocabulary vocabulary;

    SyntheticCorpus(String spec, long bytes, long seed) {
        this.spec = spec;
        this.bytes = bytes;
        this.seed = seed;
    }

    @Override
    public String spec() {
        return spec;
    }

    @Override
    public OptionalLong expectedDocuments() {
        try {
            return OptionalLong.of(Math.max(1, Math.round(bytes / vocabulary().averageDocumentBytes())));
        } catch (IOException e) {
            return OptionalLong.empty();
        }
    }

    @Override
    public CorpusReader open(ScanMode mode, Consumer<CorpusFormatException> skipped) throws IOException {
        Vocabulary v = vocabulary();
        SplittableRandom random = new SplittableRandom(seed);
        return new CorpusReader() {
            private long produced;
            private long n;

            @Override
            public boolean hasNext() {
                return produced < bytes;
            }

            @Override
            public CorpusEntry next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                String title = text(v, random, 3 + random.nextInt(6));
                String body = text(v, random, v.documentLength(random));
                produced += title.length() + body.length();
                return new CorpusEntry("s" + n++, title, "", body);
            }

            @Override
            public long skipped() {
                return 0;
            }

            @Override
            public void close() {
            }
        };
    }

    private synchronized Vocabulary vocabulary() throws IOException {
        if (vocabulary == null) {
            vocabulary = Vocabulary.ofEuroparl();
        }
        return vocabulary;
    }

    private static String text(Vocabulary v, SplittableRandom random, int words) {
        StringBuilder s = new StringBuilder(words * 7);
        for (int i = 0; i < words; i++) {
            if (i > 0) {
                s.append(' ');
            }
            s.append(v.word(random));
        }
        return s.toString();
    }
}
