package org.maat.core.search;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.highlight.Highlighter;
import org.apache.lucene.search.highlight.InvalidTokenOffsetsException;
import org.apache.lucene.search.highlight.QueryScorer;
import org.apache.lucene.search.highlight.SimpleSpanFragmenter;
import org.apache.lucene.search.highlight.TokenGroup;
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
    /**
     * Around a matched term in the highlighter's output. Lucene's highlighter returns one string, so the
     * marks are two control characters that {@link #text} removes from the document's text first: a mark
     * in the output is then always the highlighter's, never the document's.
     */
    private static final char OPEN = '\u0001';
    private static final char CLOSE = '\u0002';

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
        Highlighter highlighter = new Highlighter(Snippets::mark, Snippets::text, scorer);
        highlighter.setTextFragmenter(new SimpleSpanFragmenter(scorer, FRAGMENT_CHARS));
        for (String id : ids) {
            LabelledDocument doc = documents.read(id);
            String body = doc.document().body();
            String marked;
            try {
                marked = highlighter.getBestFragment(IndexFields.analyzer(), IndexFields.BODY, body);
            } catch (InvalidTokenOffsetsException e) {
                throw new IOException("cannot highlight " + id + ": " + e.getMessage(), e);
            }
            Snippet snippet = marked != null ? parse(marked.replace('\n', ' ').strip())
                    : Snippet.plain((body.length() <= FRAGMENT_CHARS ? body : body.substring(0, FRAGMENT_CHARS) + "...")
                            .replace('\n', ' ').strip());
            hits.add(new SearchHit(hits.size() + 1, id, doc.conduit().owner(),
                    doc.conduit().attributes().getOrDefault(AccessTemplate.ATTRIBUTE, doc.conduit().policy().toString()),
                    doc.document().title(), snippet));
        }
        return hits;
    }

    /** The highlighter's encoder: the document's text without the two marks. */
    private static String text(String text) {
        return text.replace(OPEN, ' ').replace(CLOSE, ' ');
    }

    /** The highlighter's formatter: a matched term between the marks. */
    private static String mark(String text, TokenGroup group) {
        return group.getTotalScore() > 0 ? OPEN + text + CLOSE : text;
    }

    /** The highlighter's output split at its marks ({@link #mark}; the text itself holds none, {@link #text}). */
    static Snippet parse(String marked) {
        List<Snippet.Span> spans = new ArrayList<>();
        int from = 0;
        while (from < marked.length()) {
            int open = marked.indexOf(OPEN, from);
            if (open < 0) {
                spans.add(new Snippet.Span(marked.substring(from), false));
                break;
            }
            int close = marked.indexOf(CLOSE, open);
            spans.add(new Snippet.Span(marked.substring(from, open), false));
            spans.add(new Snippet.Span(marked.substring(open + 1, close), true));
            from = close + 1;
        }
        return new Snippet(spans);
    }
}
