package org.maat.core.corpus;

import java.io.Closeable;
import java.util.Iterator;

/**
 * A pass over a corpus. Bad records are handled as the corpus was opened to: thrown as
 * {@link CorpusFormatException}, or reported and skipped.
 */
public interface CorpusReader extends Iterator<CorpusEntry>, Closeable {

    /** Bad records reported and skipped so far. */
    long skipped();
}
