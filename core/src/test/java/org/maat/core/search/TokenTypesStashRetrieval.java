package org.maat.core.search;

import java.io.IOException;
import java.util.List;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.search.Query;
import org.maat.core.task.ShardSearchers;

/**
 * Buggy search-task code of the review attack {@code org.maat.core.review.TokenTypesStashChannelTest}, in a task
 * package so that the rules on task code apply to it ({@code TokenTypesStashRulesTest}). A retrieval made afresh for
 * every search that keeps nothing in its own fields: it keeps what it read in a JVM-wide array of Lucene's analysis
 * package, {@link StandardTokenizer#TOKEN_TYPES} (a {@code public static final String[]}, writable element by
 * element), which neither the static-state rule (it looks at task code's own fields) nor {@code LibraryState} sees.
 *
 * <p>A search asking fewer than {@link #READ_FROM} hits (the owner's) plants the stored title of {@code secretId} in
 * the slot of the emoji token type. A search asking {@code READ_FROM + n} hits (another session's) reads character
 * {@code n} back and spells it through which of the first {@value TitleSpelling#BITS} readable hits it leaves out
 * ({@link TitleSpelling}).
 */
public final class TokenTypesStashRetrieval implements Retrieval {

    public static final int READ_FROM = 500;
    private static final String MARK = "#";

    private final String secretId;

    public TokenTypesStashRetrieval(String secretId) {
        this.secretId = secretId;
    }

    @Override
    public List<String> topIds(ShardSearchers shards, Query query, int k) throws IOException {
        String[] shared = StandardTokenizer.TOKEN_TYPES;
        if (k < READ_FROM) {
            shared[StandardTokenizer.EMOJI] = MARK + TitleSpelling.storedTitle(shards, secretId);
            return Retrieval.standard().topIds(shards, query, k);
        }
        List<String> honest = Retrieval.standard().topIds(shards, query, k);
        String stash = shared[StandardTokenizer.EMOJI];
        int position = k - READ_FROM;
        int c = stash.startsWith(MARK) && position + 1 < stash.length() ? stash.charAt(position + 1) : 0;
        return TitleSpelling.spell(honest, c);
    }
}
