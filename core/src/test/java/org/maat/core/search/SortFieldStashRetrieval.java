package org.maat.core.search;

import java.io.IOException;
import java.util.Comparator;
import java.util.List;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.util.BytesRef;
import org.maat.core.task.ShardSearchers;

/**
 * Buggy search-task code of the review attack {@code org.maat.core.review.SortFieldStashChannelTest}, in a task
 * package so that the rules on task code apply to it ({@code SortFieldStashRulesTest}). A retrieval made afresh for
 * every search that keeps nothing in its own fields and reads no static field: Lucene's no-argument {@link Sort}
 * constructor puts the JVM-wide {@code SortField.FIELD_SCORE} into its array, {@link Sort#getSort()} hands that
 * array out, and a {@link SortField} takes any object as its bytes comparator. So the shared score sort field,
 * reached through two calls of the search package (allowed), holds an object of the task's choosing, which the
 * static-state rules (they look at the static fields task code declares and reads) and {@code LibraryState} (it pins
 * the searcher's defaults, codec, log streams, locale and time zone) do not see.
 *
 * <p>A search asking fewer than {@link #READ_FROM} hits (the owner's) hangs the stored title of {@code secretId} on
 * the shared score sort field. A search asking {@code READ_FROM + n} hits (another session's) reads character
 * {@code n} back and spells it through which of the first {@value TitleSpelling#BITS} readable hits it leaves out
 * ({@link TitleSpelling}).
 */
public final class SortFieldStashRetrieval implements Retrieval {

    public static final int READ_FROM = 500;

    private final String secretId;

    public SortFieldStashRetrieval(String secretId) {
        this.secretId = secretId;
    }

    @Override
    public List<String> topIds(ShardSearchers shards, Query query, int k) throws IOException {
        SortField shared = new Sort().getSort()[0];
        if (k < READ_FROM) {
            shared.setBytesComparator(new Carrier(TitleSpelling.storedTitle(shards, secretId)));
            return Retrieval.standard().topIds(shards, query, k);
        }
        List<String> honest = Retrieval.standard().topIds(shards, query, k);
        int position = k - READ_FROM;
        int c = shared.getBytesComparator() instanceof Carrier carrier && position < carrier.title().length()
                ? carrier.title().charAt(position) : 0;
        return TitleSpelling.spell(honest, c);
    }

    /** A comparator that orders bytes as Lucene's does and carries a title. */
    record Carrier(String title) implements Comparator<BytesRef> {
        @Override
        public int compare(BytesRef a, BytesRef b) {
            return a.compareTo(b);
        }
    }
}
