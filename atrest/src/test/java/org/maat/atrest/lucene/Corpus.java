package org.maat.atrest.lucene;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LogDocMergePolicy;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.PhraseQuery;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.Directory;

/**
 * A reproducible corpus for the index tests: documents made of distinctive made-up words (random letters, so
 * that finding one in a file's raw bytes means the file holds the text), a set of queries over them, and the
 * results of those queries as comparable text.
 */
final class Corpus {

    static final String ID = "id";
    static final String BODY = "body";

    private final List<String> words;
    private final List<String> documents;

    Corpus(long seed, int vocabulary, int documentCount) {
        Random random = new Random(seed);
        words = new ArrayList<>();
        while (words.size() < vocabulary) {
            StringBuilder word = new StringBuilder("q");
            for (int i = 0; i < 9; i++) {
                word.append((char) ('a' + random.nextInt(26)));
            }
            words.add(word.toString());
        }
        documents = new ArrayList<>();
        for (int d = 0; d < documentCount; d++) {
            StringBuilder body = new StringBuilder();
            int length = 20 + random.nextInt(40);
            for (int i = 0; i < length; i++) {
                // Skewed: low-numbered words are frequent, so queries have results of varied sizes.
                int w = (int) (vocabulary * Math.pow(random.nextDouble(), 2));
                body.append(words.get(w)).append(' ');
            }
            documents.add(body.toString().trim());
        }
    }

    List<String> words() {
        return words;
    }

    int size() {
        return documents.size();
    }

    Document document(int i) {
        Document doc = new Document();
        doc.add(new StringField(ID, "doc-" + i, Field.Store.YES));
        doc.add(new TextField(BODY, documents.get(i), Field.Store.YES));
        return doc;
    }

    /** Small segments, merged often: merges rewrite files while the tests switch and search. */
    static IndexWriterConfig config() {
        LogDocMergePolicy merges = new LogDocMergePolicy();
        merges.setMergeFactor(3);
        merges.setMinMergeDocs(10);
        return new IndexWriterConfig(new StandardAnalyzer()).setMaxBufferedDocs(20).setMergePolicy(merges);
    }

    /** How many of the first {@code prefix} documents hold {@code word}: a term query's hit count on them. */
    int count(String word, int prefix) {
        int n = 0;
        for (int d = 0; d < prefix; d++) {
            if ((" " + documents.get(d) + " ").contains(" " + word + " ")) {
                n++;
            }
        }
        return n;
    }

    /** Indexes every document into {@code dir} in one go (the plaintext reference). */
    void indexInto(Directory dir) throws IOException {
        try (IndexWriter writer = new IndexWriter(dir, config())) {
            for (int i = 0; i < size(); i++) {
                writer.addDocument(document(i));
            }
            writer.commit();
        }
    }

    /** Term, conjunction, phrase and prefix queries over the corpus's words. */
    List<Query> queries() {
        List<Query> queries = new ArrayList<>();
        for (int i = 0; i < words.size(); i += 7) {
            queries.add(new TermQuery(new Term(BODY, words.get(i))));
        }
        for (int i = 0; i + 1 < words.size(); i += 13) {
            queries.add(new BooleanQuery.Builder()
                    .add(new TermQuery(new Term(BODY, words.get(i / 4))), BooleanClause.Occur.MUST)
                    .add(new TermQuery(new Term(BODY, words.get(i + 1))), BooleanClause.Occur.SHOULD)
                    .build());
        }
        for (int d = 0; d < documents.size(); d += 37) {
            String[] terms = documents.get(d).split(" ");
            queries.add(new PhraseQuery(BODY, terms[0], terms[1]));
        }
        queries.add(new PrefixQuery(new Term(BODY, "qa")));
        return queries;
    }

    /**
     * Every hit of every query as "query score id", in an order that does not depend on how the documents are
     * spread over segments; each hit's stored body is checked against the corpus.
     */
    List<String> results(IndexSearcher searcher) throws IOException {
        List<String> results = new ArrayList<>();
        int all = Math.max(1, searcher.getIndexReader().maxDoc());
        for (Query query : queries()) {
            List<String> hits = new ArrayList<>();
            for (ScoreDoc hit : searcher.search(query, all).scoreDocs) {
                Document doc = searcher.storedFields().document(hit.doc);
                String id = doc.get(ID);
                int i = Integer.parseInt(id.substring("doc-".length()));
                if (!documents.get(i).equals(doc.get(BODY))) {
                    throw new AssertionError("stored body of " + id + " differs from the corpus");
                }
                hits.add(String.format(Locale.ROOT, "%s %.9e %s", query, -hit.score, id));
            }
            hits.sort(null);
            results.addAll(hits);
        }
        return results;
    }

    /** The results over the index committed in {@code dir}. */
    List<String> results(Directory dir) throws IOException {
        try (DirectoryReader reader = DirectoryReader.open(dir)) {
            return results(new IndexSearcher(reader));
        }
    }

    static byte[] bytes(String word) {
        return word.getBytes(StandardCharsets.UTF_8);
    }
}
