package org.maat.core.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SnippetTest {

    @Test
    void theHighlightersMarksBecomeSpansAndTheTextKeepsWhatLooksLikeMarkup() {
        Snippet s = Snippets.parse("The <mark>x</mark> \u0001fishing\u0002 and \u0001quotas\u0002.");
        assertThat(s.spans()).containsExactly(new Snippet.Span("The <mark>x</mark> ", false),
                new Snippet.Span("fishing", true), new Snippet.Span(" and ", false), new Snippet.Span("quotas", true),
                new Snippet.Span(".", false));
        assertThat(s.text()).isEqualTo("The <mark>x</mark> fishing and quotas.");
        assertThat(s).hasToString("The <mark>x</mark> [fishing] and [quotas].");
    }

    @Test
    void adjacentSpansOfOneKindMergeAndEmptyOnesGo() {
        Snippet s = new Snippet(List.of(new Snippet.Span("a", false), new Snippet.Span("", true),
                new Snippet.Span("b", false), new Snippet.Span("c", true), new Snippet.Span("d", true)));
        assertThat(s.spans()).containsExactly(new Snippet.Span("ab", false), new Snippet.Span("cd", true));
        assertThat(Snippets.parse("\u0001whole\u0002").spans()).containsExactly(new Snippet.Span("whole", true));
        assertThat(Snippet.plain("").spans()).isEmpty();
    }
}
