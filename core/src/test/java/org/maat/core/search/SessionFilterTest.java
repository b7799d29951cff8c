package org.maat.core.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LogDocMergePolicy;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.maat.core.index.AccessTemplate;
import org.maat.core.index.IndexFields;
import org.maat.policy.Session;
import org.maat.policy.facts.Fact;
import org.maat.policy.facts.FactIndex;

/**
 * The session filter against the rule it implements, evaluated per document straight from the
 * facts (every standard template, friend-of-friend and plain {@code mal} included, which the
 * generated populations of the end-to-end tests do not have), on an index of several segments, and
 * across changes: a fact changed between two searches, a region's blacklist changed, a segment
 * added or merged away. {@code PolicySearchCorrectnessTest} checks the same filter against the
 * monitor itself.
 */
class SessionFilterTest {

    private static final List<String> TEMPLATES = List.of("public", "public+censorship", "private",
            "private+mal+censorship", "friends", "friends+mal+censorship", "fof", "fof+censorship", "mal",
            "mal+censorship", "public+mal", "custom", "friends+unknown");
    private static final int USERS = 12;

    private final Random random = new Random(18);
    private final FactIndex facts = new FactIndex();
    private final List<Doc> docs = new ArrayList<>();
    private Directory directory;
    private IndexWriter writer;
    private DirectoryReader reader;

    /** A document as indexed: the rule reads these, never the index. */
    private record Doc(String id, String owner, String template) {
    }

    @BeforeEach
    void index() throws IOException {
        directory = new ByteBuffersDirectory();
        writer = new IndexWriter(directory, new IndexWriterConfig()
                // Merges only when asked (forceMerge): 10 segments a level before any natural merge.
                .setMergePolicy(new LogDocMergePolicy()));
        for (int segment = 0; segment < 3; segment++) {
            for (int i = 0; i < 60; i++) {
                add(TEMPLATES.get(random.nextInt(TEMPLATES.size())), "u" + random.nextInt(USERS));
            }
            writer.commit();
        }
        for (int u = 0; u < USERS; u++) {
            for (int f = 0; f < 2; f++) {
                int v = random.nextInt(USERS);
                if (v != u) {
                    facts.addAll(List.of(Fact.of("friend", "u" + u, "u" + v), Fact.of("friend", "u" + v, "u" + u)));
                }
            }
        }
        facts.add(Fact.of("employee", "e0"));
        for (int i = 0; i < docs.size(); i++) {
            if (i % 7 == 0) {
                facts.add(Fact.of("blocked", "r0", docs.get(i).id()));
            }
            if (i % 5 == 0) {
                facts.add(Fact.of("logged", "e0", docs.get(i).id()));
            }
        }
        reader = DirectoryReader.open(directory);
        assertThat(reader.leaves()).hasSize(3);
    }

    @AfterEach
    void close() throws IOException {
        reader.close();
        writer.close();
        directory.close();
    }

    private Doc add(String template, String owner) throws IOException {
        Doc doc = new Doc("d" + docs.size(), owner, template);
        docs.add(doc);
        Document lucene = new Document();
        lucene.add(new StringField(IndexFields.ID, doc.id(), Field.Store.YES));
        lucene.add(new SortedDocValuesField(IndexFields.ID, new BytesRef(doc.id())));
        lucene.add(new StringField(IndexFields.OWNER, owner, Field.Store.YES));
        lucene.add(new SortedDocValuesField(IndexFields.OWNER, new BytesRef(owner)));
        lucene.add(new SortedDocValuesField(IndexFields.TEMPLATE,
                new BytesRef(AccessTemplate.parse(template).name())));
        lucene.add(new TextField(IndexFields.BODY, "text " + (docs.size() % 2 == 0 ? "even" : "odd"), Field.Store.NO));
        writer.addDocument(lucene);
        return doc;
    }

    /** The rule of {@link SessionFilter}'s documentation, for one document. */
    private boolean admits(Session session, Doc doc) {
        AccessTemplate template = AccessTemplate.parse(doc.template());
        String me = session.principal();
        String base = template.base();
        boolean readable;
        if (base.equals(AccessTemplate.OTHER)) {
            readable = false;
        } else if (base.equals("public") || doc.owner().equals(me)) {
            readable = true;
        } else if ((base.equals("friends") || base.equals("fof") || base.equals("mal"))
                && facts.contains("friend", List.of(doc.owner(), me))) {
            readable = true;
        } else if (base.equals("fof") && friendOfFriend(doc.owner(), me)) {
            readable = true;
        } else {
            readable = template.mal() && facts.contains("employee", List.of(me))
                    && facts.contains("logged", List.of(me, doc.id()));
        }
        boolean blocked = template.censored() && session.region() != null
                && facts.contains("blocked", List.of(session.region(), doc.id()));
        return readable && !blocked;
    }

    private boolean friendOfFriend(String owner, String me) {
        for (int f = 0; f < USERS; f++) {
            if (facts.contains("friend", List.of(owner, "u" + f)) && facts.contains("friend", List.of("u" + f, me))) {
                return true;
            }
        }
        return false;
    }

    private Set<String> expected(Session session, String word) {
        Set<String> ids = new TreeSet<>();
        for (int i = 0; i < docs.size(); i++) {
            boolean matches = word == null || word.equals((i + 1) % 2 == 0 ? "even" : "odd");
            if (matches && admits(session, docs.get(i))) {
                ids.add(docs.get(i).id());
            }
        }
        return ids;
    }

    /** The ids a filtered search returns, through the path search tasks take ({@link TopHits}). */
    private Set<String> found(SessionFilter filter, Session session, String word) throws IOException {
        IndexSearcher searcher = new IndexSearcher(reader);
        Query scoring = word == null ? new TermQuery(new Term(IndexFields.BODY, "text"))
                : new TermQuery(new Term(IndexFields.BODY, word));
        Query query = new BooleanQuery.Builder().add(scoring, Occur.MUST)
                .add(filter.filter(session, facts).orElseThrow(), Occur.FILTER).build();
        Set<String> ids = new TreeSet<>();
        for (ScoreDoc hit : TopHits.search(searcher, query, docs.size() + 1).scoreDocs) {
            ids.add(searcher.storedFields().document(hit.doc).get(IndexFields.ID));
        }
        // The filter on its own, as Lucene iterates it, agrees with the collected path.
        if (word == null) {
            Set<String> alone = new TreeSet<>();
            for (ScoreDoc hit : searcher.search(filter.filter(session, facts).orElseThrow(), docs.size() + 1).scoreDocs) {
                alone.add(searcher.storedFields().document(hit.doc).get(IndexFields.ID));
            }
            assertThat(alone).as("filter alone for %s", session).isEqualTo(ids);
        }
        return ids;
    }

    private List<Session> sessions() {
        List<Session> sessions = new ArrayList<>();
        for (int u = 0; u < USERS; u++) {
            sessions.add(Session.of("u" + u, u % 3 == 0 ? "r0" : "r1"));
        }
        sessions.add(Session.of("u1", null));
        sessions.add(Session.of("e0", "r0"));
        sessions.add(Session.of("e0", "r1"));
        sessions.add(Session.of("stranger", "r0"));
        return sessions;
    }

    private void assertEveryoneSeesWhatTheRuleAdmits(SessionFilter filter) throws IOException {
        for (Session session : sessions()) {
            assertThat(found(filter, session, null)).as("%s", session).isEqualTo(expected(session, null));
            assertThat(found(filter, session, "even")).as("%s, 'even'", session).isEqualTo(expected(session, "even"));
        }
    }

    @Test
    void everySessionFindsExactlyTheDocumentsTheRuleAdmits() throws IOException {
        SessionFilter filter = new SessionFilter();
        assertEveryoneSeesWhatTheRuleAdmits(filter);
        // Again on warm caches: the shared parts must not carry one session's documents to another.
        assertEveryoneSeesWhatTheRuleAdmits(filter);
        long fof = docs.stream().filter(d -> d.template().startsWith("fof")).count();
        assertThat(fof).as("friend-of-friend documents indexed").isGreaterThan(5);
    }

    @Test
    void aFriendAddedOrRemovedBetweenTwoSearchesShowsInTheNext() throws IOException {
        SessionFilter filter = new SessionFilter();
        Doc friendsOnly = add("friends", "u0");
        reopen();
        Session stranger = Session.of("newcomer", "r1");
        assertThat(found(filter, stranger, null)).doesNotContain(friendsOnly.id());

        facts.add(Fact.of("friend", "u0", "newcomer"));
        assertThat(found(filter, stranger, null)).contains(friendsOnly.id()).isEqualTo(expected(stranger, null));

        facts.remove(Fact.of("friend", "u0", "newcomer"));
        assertThat(found(filter, stranger, null)).doesNotContain(friendsOnly.id()).isEqualTo(expected(stranger, null));
    }

    @Test
    void aFriendOfAFriendAddedBetweenTwoSearchesShowsInTheNext() throws IOException {
        SessionFilter filter = new SessionFilter();
        Doc fof = add("fof", "far");
        reopen();
        Session session = Session.of("newcomer", "r1");
        facts.add(Fact.of("friend", "middle", "newcomer"));
        assertThat(found(filter, session, null)).doesNotContain(fof.id());

        facts.add(Fact.of("friend", "far", "middle"));
        assertThat(found(filter, session, null)).contains(fof.id());
        assertEveryoneSeesWhatTheRuleAdmits(filter);
    }

    @Test
    void aLoggedAccessShowsInTheNextSearch() throws IOException {
        SessionFilter filter = new SessionFilter();
        Doc mal = add("private+mal+censorship", "u3");
        reopen();
        Session employee = Session.of("e0", "r1");
        assertThat(found(filter, employee, null)).doesNotContain(mal.id());

        facts.add(Fact.of("logged", "e0", mal.id()));
        assertThat(found(filter, employee, null)).contains(mal.id()).isEqualTo(expected(employee, null));
    }

    @Test
    void aRegionsBlacklistChangeShowsInTheNextSearchOfThatRegionOnly() throws IOException {
        SessionFilter filter = new SessionFilter();
        Doc censored = add("public+censorship", "u1");
        Doc uncensored = add("public", "u1");
        reopen();
        Session inR0 = Session.of("u2", "r0");
        Session inR1 = Session.of("u2", "r1");
        assertThat(found(filter, inR0, null)).contains(censored.id(), uncensored.id());

        facts.addAll(List.of(Fact.of("blocked", "r0", censored.id()), Fact.of("blocked", "r0", uncensored.id())));
        assertThat(found(filter, inR0, null)).doesNotContain(censored.id()).contains(uncensored.id())
                .isEqualTo(expected(inR0, null));
        assertThat(found(filter, inR1, null)).contains(censored.id()).isEqualTo(expected(inR1, null));

        facts.remove(Fact.of("blocked", "r0", censored.id()));
        assertThat(found(filter, inR0, null)).contains(censored.id()).isEqualTo(expected(inR0, null));
    }

    @Test
    void anUnrelatedFactChangeKeepsTheRegionsSharedSet() throws IOException {
        SessionFilter filter = new SessionFilter();
        Session session = Session.of("u4", "r0");
        found(filter, session, null);
        facts.add(Fact.of("friend", "u4", "u5"));
        assertThat(found(filter, session, null)).isEqualTo(expected(session, null));
        facts.add(Fact.of("blocked", "r1", docs.get(1).id()));
        assertEveryoneSeesWhatTheRuleAdmits(filter);
    }

    @Test
    void aNewSegmentIsFilteredAndClosedSegmentsAreDropped() throws IOException {
        SessionFilter filter = new SessionFilter();
        assertEveryoneSeesWhatTheRuleAdmits(filter);
        assertThat(filter.cachedSegments()).isEqualTo(3);

        Doc own = add("private", "u6");
        Doc blocked = add("friends+mal+censorship", "u6");
        facts.add(Fact.of("blocked", "r0", blocked.id()));
        reopen();
        assertThat(reader.leaves()).hasSize(4);
        assertThat(found(filter, Session.of("u6", "r0"), null)).contains(own.id()).doesNotContain(blocked.id());
        assertThat(found(filter, Session.of("u6", "r1"), null)).contains(own.id(), blocked.id());
        assertEveryoneSeesWhatTheRuleAdmits(filter);
        assertThat(filter.cachedSegments()).isEqualTo(4);

        writer.forceMerge(1);
        reopen();
        assertEveryoneSeesWhatTheRuleAdmits(filter);
        assertThat(filter.cachedSegments()).as("only the merged segment is cached").isEqualTo(1);
    }

    @Test
    void deletedDocumentsAreNeverFound() throws IOException {
        SessionFilter filter = new SessionFilter();
        Session owner = Session.of("u7", "r1");
        assertEveryoneSeesWhatTheRuleAdmits(filter);
        Doc gone = docs.stream().filter(d -> d.owner().equals("u7") && !d.template().equals("custom")
                && !d.template().equals("friends+unknown")).findFirst().orElseThrow();
        writer.deleteDocuments(new Term(IndexFields.ID, gone.id()));
        docs.set(docs.indexOf(gone), new Doc(gone.id(), "nobody", "custom"));
        reopen();
        assertThat(found(filter, owner, null)).doesNotContain(gone.id()).isEqualTo(expected(owner, null));
    }

    private void reopen() throws IOException {
        writer.commit();
        DirectoryReader newer = DirectoryReader.openIfChanged(reader);
        assertThat(newer).isNotNull();
        reader.close();
        reader = newer;
    }
}
