package org.maat.indexer.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.conduit.ConduitStore;
import org.maat.core.conduit.ConduitStoreEditor;
import org.maat.core.conduit.ConduitStoreWriter;
import org.maat.core.conduit.Document;
import org.maat.core.task.Monitoring;

/** The MapReduce input reads exactly the live documents a {@link ConduitStore} scan returns, edited store or not. */
class ConduitInputFormatTest {

    @TempDir
    java.nio.file.Path dir;

    private List<Document> readAll(int splits) throws IOException, InterruptedException {
        return readAll(dir, splits);
    }

    private List<Document> readAll(java.nio.file.Path dir, int splits) throws IOException, InterruptedException {
        Configuration conf = new Configuration(false);
        conf.set("fs.defaultFS", "file:///");
        conf.set("fs.file.impl", org.apache.hadoop.fs.LocalFileSystem.class.getName());
        IndexJobConf.set(conf, new Path(dir.toUri()), new Path(dir.resolve("out").toUri()), 1, Monitoring.NONE);
        conf.setInt(IndexJobConf.SPLITS, splits);
        ConduitInputFormat format = new ConduitInputFormat();
        List<Document> read = new ArrayList<>();
        long counted = 0;
        for (InputSplit split : format.getSplits(Job.getInstance(conf))) {
            counted += ((ConduitSplit) split).count();
            try (RecordReader<?, DocumentWritable> reader = format.createRecordReader(split, null)) {
                reader.initialize(split, new TaskAttemptContextImpl(conf, new TaskAttemptID()));
                while (reader.nextKeyValue()) {
                    read.add(reader.getCurrentValue().get());
                }
            }
        }
        assertThat(counted).isEqualTo(read.size());
        read.sort((a, b) -> Long.compare(Document.ordinal(a.id()), Document.ordinal(b.id())));
        return read;
    }

    private List<Document> scan() throws IOException {
        return scan(dir);
    }

    private static List<Document> scan(java.nio.file.Path dir) throws IOException {
        List<Document> docs = new ArrayList<>();
        try (ConduitStore store = ConduitStore.open(dir.resolve("documents"))) {
            store.scan().forEachRemaining(docs::add);
        }
        return docs;
    }

    @Test
    void splitsOfAnEditedStoreHoldEveryLiveDocumentOnceAndNoErasedRecord() throws Exception {
        List<Document> docs = new ArrayList<>();
        try (ConduitStoreWriter w = ConduitStore.create(dir.resolve("documents"))) {
            for (int i = 0; i < 500; i++) {
                docs.add(w.append("t" + i, "2026", "body " + i + " " + "w".repeat(i % 30)));
            }
            w.commit();
        }
        for (int splits : new int[] {1, 3, 7}) {
            assertThat(readAll(splits)).as("unedited, " + splits + " splits").isEqualTo(docs);
        }
        try (ConduitStoreEditor e = ConduitStore.edit(dir.resolve("documents"))) {
            for (int i = 0; i < 500; i += 9) {
                e.remove(Document.idOf(i));
            }
            e.remove("d499");
            e.commit();
            for (int i = 0; i < 500; i += 27) {
                e.restore(docs.get(i), null); // appended, out of id order with the rest
            }
            e.commit();
        }
        List<Document> live = scan();
        assertThat(live).hasSizeLessThan(docs.size()).contains(docs.get(27)).doesNotContain(docs.get(9));
        for (int splits : new int[] {1, 3, 7, 40}) {
            assertThat(readAll(splits)).as("edited, " + splits + " splits").isEqualTo(live);
        }
    }

    @Test
    void anEncryptedStoreIsReadThroughTheVolumesReaderForEveryCipher() throws Exception {
        for (org.maat.atrest.cipher.AtRestCipher cipher : org.maat.atrest.cipher.Ciphers.all()) {
            java.nio.file.Path root = java.nio.file.Files.createDirectories(dir.resolve(cipher.name()));
            org.maat.atrest.AtRestVolume.create(root, cipher, "file:" + dir.resolve(cipher.name() + ".atrest.key"));
            try (ConduitStoreWriter w = ConduitStore.create(root.resolve("documents"))) {
                for (int i = 0; i < 300; i++) {
                    w.append("t" + i, "2026", "secret body " + i + " " + "w".repeat(i % 70));
                }
                w.commit();
            }
            try (ConduitStoreEditor e = ConduitStore.edit(root.resolve("documents"))) {
                e.remove("d5");
                e.commit();
            }
            assertThat(org.maat.atrest.AtRestVolume.isEncrypted(root.resolve("documents/segment-00000.dat"))).isTrue();
            List<Document> live = scan(root);
            assertThat(live).hasSize(299);
            for (int splits : new int[] {1, 4}) {
                assertThat(readAll(root, splits)).as(cipher.name() + ", " + splits + " splits").isEqualTo(live);
            }
        }
    }
}
