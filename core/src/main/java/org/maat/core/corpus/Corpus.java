package org.maat.core.corpus;

import java.io.IOException;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.maat.core.conduit.ScanMode;

/** A source of documents for {@code maat generate}; see {@link CorpusSpec} for the kinds. */
public interface Corpus {

    /** How the user named it, e.g. {@code europarl} or {@code synthetic:1GB}. */
    String spec();

    /** How many documents a pass yields, when known in advance (for progress bars). */
    OptionalLong expectedDocuments();

    /**
     * Starts a pass. In {@link ScanMode#SKIP} a bad record goes to {@code skipped} and the pass goes
     * on; in {@link ScanMode#STRICT} it throws {@link CorpusFormatException}.
     */
    CorpusReader open(ScanMode mode, Consumer<CorpusFormatException> skipped) throws IOException;
}
