package org.maat.core.search;

import java.util.Map;
import java.util.Optional;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.queryparser.simple.SimpleQueryParser;
import org.maat.core.index.IndexFields;

/** Turns the user's query text and the session's access filter into the Lucene query a search runs. */
@FunctionalInterface
public interface QueryComposer {

    Query compose(String text, Optional<Query> filter);

    /**
     * Parses the text with Lucene's {@link SimpleQueryParser} over title (weight 2) and body
     * (syntax errors are impossible: operators it cannot read are taken as text), and adds the
     * filter as a non-scoring clause, so scores and order are plain Lucene's.
     */
    static QueryComposer standard() {
        return (text, filter) -> {
            Query parsed = new SimpleQueryParser(IndexFields.analyzer(),
                    Map.of(IndexFields.TITLE, 2f, IndexFields.BODY, 1f)).parse(text);
            if (filter.isEmpty()) {
                return parsed;
            }
            return new BooleanQuery.Builder().add(parsed, Occur.MUST).add(filter.get(), Occur.FILTER).build();
        };
    }
}
