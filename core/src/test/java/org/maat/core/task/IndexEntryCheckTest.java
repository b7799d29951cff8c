package org.maat.core.task;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataSet;
import org.maat.core.index.AccessTemplate;
import org.maat.core.index.IndexFields;
import org.maat.core.runtime.TestData;

/**
 * Attacks on {@link IndexEntryCheck}, "an entry holds only its own document's content", generated over the documents
 * of a real data set with a fixed seed: every correct entry (also with another owner or template of their domains,
 * the copies that may be wrong) is admitted and replaced by the format's own entry, and every mutation of one that
 * puts anything else in it (an extra field, a changed or duplicated content field, a token stream or reader, another
 * document's words, an owner that carries text) is refused with a message naming the document and never the
 * injected text; so is the entry of a document the runtime did not issue (a forged source), or a second entry of one.
 */
class IndexEntryCheckTest {

    private static final long SEED = 0x1dec4ec7L;
    /** The marker of every injected text: a refusal's message must never contain it. */
    private static final String MARK = "zqmark";

    @TempDir
    static Path dir;

    private static DataSet data;
    private static List<LabelledDocument> documents;
    private static List<String> owners;

    @BeforeAll
    static void open() throws IOException {
        data = DataSet.open(TestData.generate(dir, 120, 41));
        documents = new ArrayList<>();
        try (var scan = data.documents().scan()) {
            while (scan.hasNext()) {
                org.maat.core.conduit.Document document = scan.next();
                documents.add(new LabelledDocument(data.policies().find(document.id()).orElseThrow(), document));
            }
        }
        owners = documents.stream().map(d -> d.conduit().owner()).distinct().toList();
    }

    @AfterAll
    static void close() throws IOException {
        data.close();
    }

    /** A mutation of a correct entry of {@code source}; {@code other} is another document of the store. */
    private record Mutation(String name, Mutator mutator) {
    }

    @FunctionalInterface
    private interface Mutator {
        Document apply(Document entry, LabelledDocument source, LabelledDocument other, Random random);
    }

    private static final List<Mutation> MUTATIONS = List.of(
            new Mutation("an extra field with a name of its own", (e, s, o, r) ->
                    with(e, new StringField(MARK + r.nextInt(1000), "x", Field.Store.YES))),
            new Mutation("an extra field with the title's text under another name", (e, s, o, r) ->
                    with(e, new TextField(MARK + "title", o.document().title(), Field.Store.NO))),
            new Mutation("a second body carrying another document's words", (e, s, o, r) ->
                    with(e, new TextField(IndexFields.BODY, MARK + " " + o.document().title(), Field.Store.NO))),
            new Mutation("a body with another document's words appended", (e, s, o, r) ->
                    replace(e, IndexFields.BODY, TextField.class, new TextField(IndexFields.BODY,
                            s.document().body() + " " + MARK + " " + o.document().title(), Field.Store.NO))),
            new Mutation("a changed title", (e, s, o, r) ->
                    replace(e, IndexFields.TITLE, TextField.class, new TextField(IndexFields.TITLE,
                            s.document().title() + " " + MARK, Field.Store.YES))),
            new Mutation("another document's title", (e, s, o, r) ->
                    replace(e, IndexFields.TITLE, TextField.class, new TextField(IndexFields.TITLE,
                            o.document().title(), Field.Store.YES))),
            new Mutation("another document's id", (e, s, o, r) ->
                    replace(e, IndexFields.ID, StringField.class,
                            new StringField(IndexFields.ID, o.document().id(), Field.Store.YES))),
            new Mutation("another document's id as doc value", (e, s, o, r) ->
                    replace(e, IndexFields.ID, SortedDocValuesField.class,
                            new SortedDocValuesField(IndexFields.ID, new BytesRef(o.document().id())))),
            new Mutation("a changed date", (e, s, o, r) ->
                    replace(e, IndexFields.DATE, StoredField.class,
                            new StoredField(IndexFields.DATE, s.document().date() + MARK))),
            new Mutation("a duplicated field", (e, s, o, r) -> {
                List<IndexableField> fields = e.getFields();
                return with(e, fields.get(r.nextInt(fields.size())));
            }),
            new Mutation("a missing field", (e, s, o, r) -> {
                Document copy = new Document();
                int dropped = r.nextInt(e.getFields().size());
                for (int i = 0; i < e.getFields().size(); i++) {
                    if (i != dropped) {
                        copy.add(e.getFields().get(i));
                    }
                }
                return copy;
            }),
            new Mutation("a body as a token stream of the same text", (e, s, o, r) ->
                    replace(e, IndexFields.BODY, TextField.class, new TextField(IndexFields.BODY,
                            new StandardAnalyzer().tokenStream(IndexFields.BODY, s.document().body())))),
            new Mutation("a body as a reader of the same text", (e, s, o, r) ->
                    replace(e, IndexFields.BODY, TextField.class,
                            new TextField(IndexFields.BODY, new StringReader(s.document().body())))),
            new Mutation("a body of another field class with the same type and text", (e, s, o, r) ->
                    replace(e, IndexFields.BODY, TextField.class,
                            new Field(IndexFields.BODY, s.document().body(), TextField.TYPE_NOT_STORED))),
            new Mutation("a title that is not stored", (e, s, o, r) ->
                    replace(e, IndexFields.TITLE, TextField.class,
                            new TextField(IndexFields.TITLE, s.document().title(), Field.Store.NO))),
            new Mutation("a foreign owner carrying text", (e, s, o, r) -> {
                String owner = owners.get(r.nextInt(owners.size())) + " " + MARK;
                return withOwner(e, owner, owner);
            }),
            new Mutation("an owner that owns nothing in the store", (e, s, o, r) -> {
                String owner = MARK + r.nextInt(100);
                return withOwner(e, owner, owner);
            }),
            new Mutation("an owner doc value other than the owner field", (e, s, o, r) ->
                    withOwner(e, s.conduit().owner(), s.conduit().owner() + MARK)),
            new Mutation("a template that is no access template", (e, s, o, r) ->
                    replace(e, IndexFields.TEMPLATE, SortedDocValuesField.class,
                            new SortedDocValuesField(IndexFields.TEMPLATE, new BytesRef("friends+" + MARK)))),
            new Mutation("an access field other than its template's base", (e, s, o, r) ->
                    replace(e, IndexFields.ACCESS, StringField.class, new StringField(IndexFields.ACCESS,
                            AccessTemplate.of(s.conduit()).base().equals("public") ? "private" : "public",
                            Field.Store.YES))),
            new Mutation("a mal flag that is not a boolean", (e, s, o, r) ->
                    replace(e, IndexFields.MAL, StringField.class,
                            new StringField(IndexFields.MAL, MARK, Field.Store.NO))));

    @Test
    void everyCorrectEntryIsAdmittedAndEveryMutationIsRefused() {
        IndexEntryCheck check = IndexEntryCheck.ownersOf(data.policies());
        Random random = new Random(SEED);
        int refused = 0;
        for (int round = 0; round < 4; round++) {
            for (LabelledDocument source : documents) {
                Document entry = IndexFields.document(source);
                assertThat(describe(check.admit(check.issue(source), entry))).as("the admitted entry of %s", source.document().id())
                        .isEqualTo(describe(entry));
                LabelledDocument other = otherThan(source, random);
                Mutation mutation = MUTATIONS.get(random.nextInt(MUTATIONS.size()));
                Document mutated = mutation.mutator().apply(IndexFields.document(source), source, other, random);
                IndexEntryRefusedException refusal = catchThrowableOfType(() -> check.admit(check.issue(source), mutated),
                        IndexEntryRefusedException.class);
                assertThat(refusal).as("%s in the entry of %s", mutation.name(), source.document().id()).isNotNull();
                assertThat(refusal.documentId()).isEqualTo(source.document().id());
                assertThat(refusal.getMessage()).startsWith("the index entry of document " + source.document().id())
                        .doesNotContain(MARK).doesNotContain(other.document().title());
                refused++;
            }
        }
        assertThat(refused).isEqualTo(4 * documents.size());
    }

    @Test
    void everyMutationIsRefusedOnEveryDocument() {
        IndexEntryCheck check = IndexEntryCheck.ownersOf(data.policies());
        Random random = new Random(SEED + 1);
        for (Mutation mutation : MUTATIONS) {
            for (LabelledDocument source : documents) {
                Document mutated = mutation.mutator().apply(IndexFields.document(source), source,
                        otherThan(source, random), random);
                assertThat(catchThrowableOfType(() -> check.admit(check.issue(source), mutated), IndexEntryRefusedException.class))
                        .as("%s in the entry of %s", mutation.name(), source.document().id()).isNotNull();
            }
        }
    }

    @Test
    void metadataCopiesMayBeWrongWithinTheirDomains() {
        IndexEntryCheck check = IndexEntryCheck.ownersOf(data.policies());
        Random random = new Random(SEED + 2);
        List<String> templates = List.of("public", "private+censorship", "friends+mal", "fof+mal+censorship", "mal",
                "other");
        for (LabelledDocument source : documents) {
            // the Thoth mix-up: another document's owner, and some template: admitted, written as given
            String owner = owners.get(random.nextInt(owners.size()));
            AccessTemplate template = AccessTemplate.parse(templates.get(random.nextInt(templates.size())));
            Document entry = IndexFields.document(source, owner, template);
            assertThatCode(() -> check.admit(check.issue(source), entry)).as("the entry of %s owned by %s as %s",
                    source.document().id(), owner, template.name()).doesNotThrowAnyException();
            assertThat(check.admit(check.issue(source), entry).get(IndexFields.OWNER)).isEqualTo(owner);
        }
    }

    @Test
    void anEntryOfADocumentTheRuntimeDidNotIssueIsRefusedWithoutNamingIt() {
        IndexEntryCheck check = IndexEntryCheck.ownersOf(data.policies());
        Random random = new Random(SEED + 3);
        for (LabelledDocument source : documents) {
            // a forged source: the document's conduit with another title, and an entry that copies it exactly
            var d = source.document();
            LabelledDocument forged = new LabelledDocument(source.conduit(), new org.maat.core.conduit.Document(
                    d.id(), d.title() + " " + otherThan(source, random).document().title() + " " + MARK, d.date(),
                    d.body()));
            check.issue(source);
            IndexEntryRefusedException refusal = catchThrowableOfType(
                    () -> check.admit(forged, IndexFields.document(forged)), IndexEntryRefusedException.class);
            assertThat(refusal).as("the entry of a forged %s", d.id()).isNotNull();
            assertThat(refusal.documentId()).isNull();
            assertThat(refusal.getMessage()).startsWith("an index entry was refused").doesNotContain(MARK);
            // the genuine one is admitted once, and its second entry refused
            assertThatCode(() -> check.admit(source, IndexFields.document(source))).doesNotThrowAnyException();
            assertThat(catchThrowableOfType(() -> check.admit(source, IndexFields.document(source)),
                    IndexEntryRefusedException.class)).as("a second entry of %s", d.id()).isNotNull();
        }
    }

    @Test
    void theAdmittedEntryIsANewObjectTheTaskNeverHeld() {
        IndexEntryCheck check = IndexEntryCheck.ownersOf(data.policies());
        LabelledDocument source = documents.get(0);
        Document entry = IndexFields.document(source);
        Document admitted = check.admit(check.issue(source), entry);
        for (IndexableField field : admitted.getFields()) {
            assertThat(entry.getFields()).noneMatch(given -> given == field);
        }
    }

    private static LabelledDocument otherThan(LabelledDocument source, Random random) {
        while (true) {
            LabelledDocument other = documents.get(random.nextInt(documents.size()));
            if (!other.document().id().equals(source.document().id())
                    && !other.document().title().equals(source.document().title())) {
                return other;
            }
        }
    }

    private static Document with(Document entry, IndexableField extra) {
        entry.add(extra);
        return entry;
    }

    /** {@code entry} with its field {@code name} of class {@code kind} replaced by {@code replacement}. */
    private static Document replace(Document entry, String name, Class<?> kind, IndexableField replacement) {
        Document copy = new Document();
        boolean replaced = false;
        for (IndexableField field : entry.getFields()) {
            if (!replaced && field.name().equals(name) && field.getClass() == kind) {
                copy.add(replacement);
                replaced = true;
            } else {
                copy.add(field);
            }
        }
        assertThat(replaced).as("the entry has a %s field %s", kind.getSimpleName(), name).isTrue();
        return copy;
    }

    private static Document withOwner(Document entry, String owner, String ownerDocValue) {
        Document stored = replace(entry, IndexFields.OWNER, StringField.class,
                new StringField(IndexFields.OWNER, owner, Field.Store.YES));
        return replace(stored, IndexFields.OWNER, SortedDocValuesField.class,
                new SortedDocValuesField(IndexFields.OWNER, new BytesRef(ownerDocValue)));
    }

    private static List<String> describe(Document document) {
        return document.getFields().stream().map(f -> f.getClass().getSimpleName() + " " + f).toList();
    }
}
