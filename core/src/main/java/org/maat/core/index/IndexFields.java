package org.maat.core.index;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.util.BytesRef;
import org.maat.core.task.LabelledDocument;

/**
 * The fields of Maat's index, written by every indexer and read by search tasks. {@code id} is the
 * document's conduit id (what a search returns); {@code owner}, {@code access}, {@code mal} and
 * {@code censored} copy the conduit's owner and template so a search can filter by them -- copies
 * that may be wrong, which is why the monitor checks every result list. {@code id}, {@code owner}
 * and {@code template} are also doc values, which the session filter reads per candidate hit.
 */
public final class IndexFields {

    public static final String ID = "id";
    public static final String OWNER = "owner";
    public static final String ACCESS = "access";
    public static final String MAL = "mal";
    public static final String CENSORED = "censored";
    public static final String TITLE = "title";
    public static final String DATE = "date";
    public static final String BODY = "body";
    /** Doc values only: the conduit's template name, e.g. {@code friends+mal+censorship}. */
    public static final String TEMPLATE = "template";

    /** Analyzers are thread-safe; one instance serves every indexer and search, and nothing in it can be changed. */
    private static final IndexAnalyzer ANALYZER = new IndexAnalyzer();

    private IndexFields() {
    }

    /** The analyzer of {@link #TITLE} and {@link #BODY}, at indexing and query time. */
    public static Analyzer analyzer() {
        return ANALYZER;
    }

    /** The Lucene document of a labelled document: what the standard {@link DocumentMapper} writes. */
    public static Document document(LabelledDocument labelled) {
        return document(labelled, labelled.conduit().owner());
    }

    /** As {@link #document(LabelledDocument)} with the given owner field (fault-injection tests vary it). */
    public static Document document(LabelledDocument labelled, String owner) {
        return document(labelled, owner, AccessTemplate.of(labelled.conduit()));
    }

    /**
     * The entry of {@code labelled}'s content with the given metadata copies: what the index entry checkpoint
     * ({@code org.maat.core.task.IndexEntryCheck}) compares an entry with and writes in its place.
     */
    public static Document document(LabelledDocument labelled, String owner, AccessTemplate template) {
        var doc = labelled.document();
        Document lucene = new Document();
        lucene.add(new StringField(ID, doc.id(), Field.Store.YES));
        lucene.add(new SortedDocValuesField(ID, new BytesRef(doc.id())));
        lucene.add(new StringField(OWNER, owner, Field.Store.YES));
        lucene.add(new SortedDocValuesField(OWNER, new BytesRef(owner)));
        lucene.add(new SortedDocValuesField(TEMPLATE, new BytesRef(template.name())));
        lucene.add(new StringField(ACCESS, template.base(), Field.Store.YES));
        lucene.add(new StringField(MAL, Boolean.toString(template.mal()), Field.Store.NO));
        lucene.add(new StringField(CENSORED, Boolean.toString(template.censored()), Field.Store.NO));
        lucene.add(new TextField(TITLE, doc.title(), Field.Store.YES));
        lucene.add(new StoredField(DATE, doc.date()));
        lucene.add(new TextField(BODY, doc.body(), Field.Store.NO));
        return lucene;
    }
}
