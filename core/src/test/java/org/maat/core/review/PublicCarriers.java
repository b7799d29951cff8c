package org.maat.core.review;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.Weight;
import org.maat.core.index.AccessTemplate;
import org.maat.core.index.IndexFields;
import org.maat.core.runtime.SearchService;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * The carriers the review attacks that hide documents share: public documents, known to the buggy task and to the
 * observer alike, that the task makes missing from the observer's results to write a 1-bit and leaves found for a
 * 0-bit, {@value #BITS} bits a character (the titles are ASCII). Two agreements: the first {@value #BITS} that match
 * "parliament" in shard 0's first segment carry one character per round ({@link #firstInSegment},
 * {@link #character}); or every public document the observer may read, by number, carries bit {@code i} of the whole
 * title at once ({@link #byNumber}, {@link #hidden}, {@link #spelled}).
 */
final class PublicCarriers {

    /** Bits a character: carriers per round, or per character of the whole title. */
    static final int BITS = 7;

    /** One round of a character-per-round attack: plant character {@code position}, then the ids the observer saw. */
    @FunctionalInterface
    interface Round {
        Collection<String> plantThenObserve(int position) throws IOException;
    }

    /** Whether the observer finds carrier {@code id} (its own ordinary search). */
    @FunctionalInterface
    interface Found {
        boolean found(String id) throws IOException;
    }

    private PublicCarriers() {
    }

    /**
     * The first {@link #BITS} documents of {@code searcher}'s first segment (by document number) whose template is
     * plain public, that are not in the region's blacklist {@code blocked} and that match {@code body:parliament}, as
     * (doc, conduit id).
     */
    static List<String[]> firstInSegment(IndexSearcher searcher, Set<String> blocked) throws IOException {
        LeafReaderContext leaf = searcher.getIndexReader().leaves().get(0);
        SortedDocValues templates = DocValues.getSorted(leaf.reader(), IndexFields.TEMPLATE);
        SortedDocValues ids = DocValues.getSorted(leaf.reader(), IndexFields.ID);
        Weight match = searcher.createWeight(new TermQuery(new Term(IndexFields.BODY, "parliament")),
                ScoreMode.COMPLETE_NO_SCORES, 1f);
        DocIdSetIterator matching = match.scorer(leaf).iterator();
        List<String[]> out = new ArrayList<>();
        for (int doc = matching.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS && out.size() < BITS;
                doc = matching.nextDoc()) {
            if (!templates.advanceExact(doc) || !ids.advanceExact(doc)) {
                continue;
            }
            AccessTemplate t = AccessTemplate.parse(templates.lookupOrd(templates.ordValue()).utf8ToString());
            String id = ids.lookupOrd(ids.ordValue()).utf8ToString();
            if (t.base().equals("public") && !t.mal() && !blocked.contains(id)) {
                out.add(new String[] {Integer.toString(doc), id});
            }
        }
        return out;
    }

    /** The character a round spelled: bit {@code b} is 1 when carrier {@code b} is not among {@code observed}. */
    static char character(List<String[]> carriers, Collection<String> observed) {
        int c = 0;
        for (int b = 0; b < carriers.size(); b++) {
            if (!observed.contains(carriers.get(b)[1])) {
                c |= 1 << b;
            }
        }
        return (char) c;
    }

    /** What the observer spells over {@code chars} rounds, one {@link #character} a round. */
    static String decode(int chars, List<String[]> carriers, Round round) throws IOException {
        StringBuilder recovered = new StringBuilder();
        for (int i = 0; i < chars; i++) {
            recovered.append(character(carriers, round.plantThenObserve(i)));
        }
        return recovered.toString();
    }

    /** The public documents {@code observer} may read, by number (each one's title ends in it), as conduit ids. */
    static List<String> byNumber(SearchService service, List<Conduit> documents, Session observer) {
        Set<String> unreadable = new HashSet<>();
        ReviewAttacks.unreadableBy(service, documents, observer).forEach(c -> unreadable.add(c.id()));
        return documents.stream()
                .filter(c -> !unreadable.contains(c.id()) && AccessTemplate.of(c).base().equals("public"))
                .map(Conduit::id).sorted(Comparator.comparingInt(id -> Integer.parseInt(id.substring(1)))).toList();
    }

    /**
     * What the buggy task hides to spell {@code title}: carrier {@code i} when
     * bit {@code i % 7} of character {@code i / 7} is 1.
     */
    static Set<String> hidden(String title, List<String> carriers) {
        Set<String> hidden = new HashSet<>();
        for (int i = 0; i < BITS * title.length(); i++) {
            if ((title.charAt(i / BITS) >> (i % BITS) & 1) == 1) {
                hidden.add(carriers.get(i));
            }
        }
        return hidden;
    }

    /** What the observer spells over {@code chars} characters: bit {@code i} is 1 when carrier {@code i} is not found. */
    static String spelled(int chars, List<String> carriers, Found found) throws IOException {
        char[] recovered = new char[chars];
        for (int i = 0; i < BITS * chars; i++) {
            if (!found.found(carriers.get(i))) {
                recovered[i / BITS] |= (char) (1 << (i % BITS));
            }
        }
        return new String(recovered);
    }
}
