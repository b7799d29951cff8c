package org.maat.core.lucene;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.index.IndexFields;
import org.maat.core.runtime.TestData;
import org.maat.core.task.IndexEntryCheck;
import org.maat.core.task.IndexEntryRefusedException;
import org.maat.core.task.IndexSink;
import org.maat.core.task.LabelledDocument;
import org.maat.core.task.Monitoring;
import org.maat.core.task.TaskGate;
import org.maat.policy.Session;
import org.maat.policy.monitor.TaskMode;

/**
 * The sink task code writes an index through: it reaches no writer (task packages never name {@link IndexWriter} or
 * {@link ShardWriters}, and the sink is not the writers object), and after one refused entry it publishes nothing,
 * even for task code that catches the refusal and carries on.
 */
class CheckedIndexSinkTest {

    @TempDir
    Path dir;

    static ArchRule noWriterForTaskCode() {
        return noClasses().that().resideInAnyPackage("org.maat.core.index..", "org.maat.core.search..")
                .should().dependOnClassesThat().areAssignableTo(IndexWriter.class)
                .orShould().dependOnClassesThat().areAssignableTo(ShardWriters.class)
                .because("index entries leave an indexer task only through its IndexSink, which checks every one");
    }

    /**
     * A sink only takes entries of documents the task was handed: no method of it removes a document, so what an
     * index leaves out is never the task's choice (a rebuild is checked by id and count, an update's deletes are the
     * runtime's own, of the ids its caller named).
     */
    @Test
    void aSinkOffersTaskCodeNoWayToRemoveADocument() {
        List<String> methods = new ArrayList<>();
        for (java.lang.reflect.Method m : org.maat.core.task.IndexSink.class.getMethods()) {
            methods.add(m.getName());
        }
        assertThat(methods).containsExactlyInAnyOrder("add", "update", "commit");
    }

    @Test
    void taskCodeNamesNoIndexWriter() {
        JavaClasses core = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.maat.core");
        noWriterForTaskCode().check(core);
    }

    @Test
    void theRuleCatchesTaskCodeThatHoldsAWriter() {
        assertThatThrownBy(() -> noWriterForTaskCode().check(new ClassFileImporter()
                .importClasses(org.maat.core.index.WriterHoldingTask.class)))
                .hasMessageContaining("WriterHoldingTask").hasMessageContaining(IndexWriter.class.getName());
        assertThatCode(() -> noWriterForTaskCode().check(new ClassFileImporter()
                .importClasses(org.maat.core.index.SequentialIndexer.class, org.maat.core.index.DocumentUpdates.class)))
                .doesNotThrowAnyException();
    }

    @Test
    void aTaskThatCatchesARefusalStillPublishesNothing() throws IOException {
        DataDir data = TestData.generate(dir, 40, 43);
        IndexLayout layout = TestData.indexPlain(data, dir.resolve("index"), 2);
        PublishedIndex before = PublishedIndex.read(layout);
        try (DataSet stores = DataSet.open(data);
             IndexLabelling labels = IndexLabelling.forWriting(layout, Monitoring.NONE);
             TaskGate gate = Monitoring.NONE.monitor(() -> null).open(Session.of(IndexLabels.OWNER), TaskMode.CONFINED)) {
            ShardWriters writers = ShardWriters.open(layout, 2, IndexFields.analyzer(), labels, gate);
            try {
                IndexEntryCheck entries = IndexEntryCheck.ownersOf(stores.policies());
                IndexSink sink = writers.sink(entries);
                assertThat(sink).isNotInstanceOf(ShardWriters.class);
                List<LabelledDocument> documents = new ArrayList<>();
                try (var scan = stores.documents().scan()) {
                    while (scan.hasNext()) {
                        var document = scan.next();
                        documents.add(entries.issue(
                                new LabelledDocument(stores.policies().find(document.id()).orElseThrow(), document)));
                    }
                }
                sink.add(documents.get(0), IndexFields.document(documents.get(0)));
                Document carrying = IndexFields.document(documents.get(1));
                carrying.add(new TextField(IndexFields.BODY, documents.get(2).document().title(), Field.Store.NO));
                IndexEntryRefusedException refused = catchThrowableOfType(
                        () -> sink.add(documents.get(1), carrying), IndexEntryRefusedException.class);
                assertThat(refused.getMessage()).contains(documents.get(1).document().id())
                        .doesNotContain(documents.get(2).document().title());
                // the task swallows the refusal and goes on: the sink takes nothing more and publishes nothing
                assertThatThrownBy(() -> sink.add(documents.get(3), IndexFields.document(documents.get(3))))
                        .isInstanceOf(IllegalStateException.class).hasMessageContaining("not published");
                assertThatThrownBy(sink::commit).isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("not published");
                assertThatThrownBy(() -> writers.commit(1)).isInstanceOf(IllegalStateException.class);
            } finally {
                writers.abandon();
            }
        }
        PublishedIndex after = PublishedIndex.read(layout);
        assertThat(after.generations()).isEqualTo(before.generations());
        assertThat(after.documents()).isEqualTo(before.documents());
    }

    @Test
    void aRebuildThatLeavesOutDocumentsPublishesNothingAndSaysNotWhich() throws IOException {
        DataDir data = TestData.generate(dir, 40, 44);
        IndexLayout layout = TestData.indexPlain(data, dir.resolve("index"), 2);
        PublishedIndex before = PublishedIndex.read(layout);
        java.util.Random random = new java.util.Random(44);
        try (DataSet stores = DataSet.open(data);
             IndexLabelling labels = IndexLabelling.forWriting(layout, Monitoring.NONE);
             TaskGate gate = Monitoring.NONE.monitor(() -> null).open(Session.of(IndexLabels.OWNER), TaskMode.CONFINED)) {
            ShardWriters writers = ShardWriters.open(layout, 2, IndexFields.analyzer(), labels, gate);
            try {
                IndexEntryCheck entries = IndexEntryCheck.ownersOf(stores.policies());
                long live = stores.documents().liveDocuments();
                List<Long> progress = new ArrayList<>();
                IndexSink sink = writers.completeSink(entries, () -> live, progress::add);
                int added = 0;
                try (var scan = stores.documents().scan()) {
                    while (scan.hasNext()) {
                        var document = scan.next();
                        LabelledDocument labelled = entries.issue(
                                new LabelledDocument(stores.policies().find(document.id()).orElseThrow(), document));
                        if (added == 0 || random.nextInt(4) > 0) { // a buggy task leaves out documents it chose
                            sink.add(labelled, IndexFields.document(labelled));
                            added++;
                        }
                    }
                }
                assertThat(added).isLessThan((int) live);
                assertThat(progress).as("the runtime's count of admitted entries").hasSize(added)
                        .last().isEqualTo((long) added);
                assertThatThrownBy(sink::commit).isInstanceOf(IllegalStateException.class)
                        .hasMessage("the indexing task did not index every document of the store exactly once;"
                                + " nothing is published");
                assertThat(writers.lastPublished()).isNull();
            } finally {
                writers.abandon();
            }
        }
        PublishedIndex after = PublishedIndex.read(layout);
        assertThat(after.generations()).isEqualTo(before.generations());
        assertThat(after.documents()).isEqualTo(before.documents());
    }
}
