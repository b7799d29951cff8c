package org.maat.core.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.conduit.ConduitStore;
import org.maat.core.conduit.ConduitStoreEditor;
import org.maat.core.conduit.Document;
import org.maat.core.data.DataDir;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.IndexRun;
import org.maat.core.task.Monitoring;
import org.maat.core.runtime.TestData;

/** The sequential indexer over an edited store: removed documents are left out, never taken for damage. */
class EditedStoreIndexingTest {

    @TempDir
    Path dir;

    @Test
    void anEditedStoreIsIndexedWithItsLiveDocumentsOnly() throws IOException {
        DataDir data = TestData.generate(dir, 30, 21);
        Document kept;
        try (ConduitStoreEditor e = ConduitStore.edit(data.documents())) {
            for (int i = 0; i < 30; i += 6) {
                e.remove(Document.idOf(i));
            }
            kept = e.remove("d29");
            e.commit();
            e.restore(kept, null); // appended after every other record
            e.commit();
        }
        IndexRun.Report report = IndexRun.standard().run(data, new IndexLayout(dir.resolve("index")), 2,
                Monitoring.REFERENCE_MONITOR, n -> { });
        assertThat(report.documents()).isEqualTo(25);
    }
}
