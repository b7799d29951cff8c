package org.maat.core.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A passage of a document's body with the query's terms marked, as plain text spans: a span is
 * document text, never markup, so whoever shows it (an HTML page, a terminal, JSON) escapes it in its
 * own way and marks the matched spans with its own means ({@code <mark>}, brackets, a flag).
 *
 * @param spans the passage in order; adjacent spans differ in {@link Span#match()}
 */
public record Snippet(List<Span> spans) {

    /** Some text of the passage and whether it matched the query. */
    public record Span(String text, boolean match) {
        public Span {
            Objects.requireNonNull(text, "text");
        }
    }

    public Snippet {
        List<Span> merged = new ArrayList<>();
        for (Span s : spans) {
            if (s.text().isEmpty()) {
                continue;
            }
            int last = merged.size() - 1;
            if (last >= 0 && merged.get(last).match() == s.match()) {
                merged.set(last, new Span(merged.get(last).text() + s.text(), s.match()));
            } else {
                merged.add(s);
            }
        }
        spans = List.copyOf(merged);
    }

    /** A passage with nothing marked. */
    public static Snippet plain(String text) {
        return new Snippet(List.of(new Span(text, false)));
    }

    /** The passage as plain text, marks dropped. */
    public String text() {
        StringBuilder sb = new StringBuilder();
        spans.forEach(s -> sb.append(s.text()));
        return sb.toString();
    }

    /** The passage for a terminal: matched spans in brackets ({@code the [fishing] quotas}). */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        spans.forEach(s -> sb.append(s.match() ? "[" + s.text() + "]" : s.text()));
        return sb.toString();
    }
}
