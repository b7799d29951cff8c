package org.maat.core.search;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.highlight.Highlighter;
import org.apache.lucene.search.highlight.InvalidTokenOffsetsException;
import org.apache.lucene.search.highlight.QueryScorer;
import org.apache.lucene.search.highlight.SimpleHTMLFormatter;
import org.apache.lucene.search.highlight.SimpleSpanFragmenter;
import org.maat.core.index.AccessTemplate;
import org.maat.core.index.IndexFields;
import org.maat.core.task.DocumentReader;
import org.maat.core.task.LabelledDocument;

/**
 * Turns a released result list into output lines for its session. Each document is fetched with a
 * checked read (the reader's gate is an unconfined task of the session): a document the session
 * may not read is refused by the monitor before its title or body is seen.
 */
public final class Snippets {

    private static final int FRAGMENT_CHARS = 160;

    private final DocumentReader documents;

    /** @param documents documents read through an unconfined task of the receiving session */
    public Snippets(DocumentReader documents) {
        this.documents = documents;
    }

    /** The hits for {@code ids}, with the passage of each body that best matches {@code query}. */
    public List<SearchHit> hits(List<String> ids, Query query) throws IOException {
        List<SearchHit> hits = new ArrayList<>();
        // The fragmenter reads the scorer's state as the highlighter drives it: one scorer for both.
        QueryScorer scorer = new QueryScorer(query, IndexFields.BODY);
        Highlighter highlighter = new Highlighter(new SimpleHTMLFormatter("[", "]"), scorer);
        highlighter.setTextFragmenter(new SimpleSpanFragmenter(scorer, FRAGMENT_CHARS));
        for (String id : ids) {
            LabelledDocument doc = documents.read(id);
            String body = doc.document().body();
            String snippet;
            try {
                snippet = highlighter.getBestFragment(IndexFields.analyzer(), IndexFields.BODY, body);
            } catch (InvalidTokenOffsetsException e) {
                throw new IOException("cannot highlight " + id + ": " + e.getMessage(), e);
            }
            if (snippet == null) {
                snippet = body.length() <= FRAGMENT_CHARS ? body : body.substring(0, FRAGMENT_CHARS) + "...";
            }
            hits.add(new SearchHit(hits.size() + 1, id, doc.conduit().owner(),
                    doc.conduit().attributes().getOrDefault(AccessTemplate.ATTRIBUTE, doc.conduit().policy().toString()),
                    doc.document().title(), snippet.replace('\n', ' ').strip()));
        }
        return hits;
    }
}
