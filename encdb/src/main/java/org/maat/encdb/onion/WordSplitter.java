package org.maat.encdb.onion;

import java.util.Set;

/**
 * Turns a text value into the words its SEARCH onion indexes ({@link Swp#encrypt}). The same splitter
 * must serve the stored values and the search patterns of a column, so that a pattern's words are
 * found exactly when the value contains them.
 */
public interface WordSplitter {

    /** The distinct words of {@code text}; empty for an empty text. */
    Set<String> words(String text);
}
