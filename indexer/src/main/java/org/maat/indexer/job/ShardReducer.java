package org.maat.indexer.job;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.IOUtils;
import org.maat.core.index.DocumentMapper;
import org.maat.core.index.IndexFields;
import org.maat.core.index.ShardRouter;
import org.maat.core.lucene.PolicyDirectory;
import org.maat.core.lucene.ShardDirectory;
import org.maat.core.lucene.ShardWriters;
import org.maat.core.task.IndexEntryCheck;
import org.maat.core.task.LabelledDocument;

/**
 * A confined reduce task that builds the Lucene shards {@code s} with {@code s mod reducers} equal
 * to its partition, one {@link IndexWriter} each over a {@link PolicyDirectory}. The shuffle brings it only keys
 * (shard, ordinal); every document it indexes is the runtime's own reading of the store's record for that key
 * ({@link ReceivedDocuments}: live, in its router shard, once), never content a map task chose, and it is read
 * through the task's monitor (the reducer is tainted exactly as the sequential
 * indexer is by the same documents), and every index file it creates is a write the monitor checks,
 * refused at once if the taint forbids flows into the index. Every entry the mapper makes crosses the indexers'
 * {@link IndexEntryCheck} before its writer sees it, exactly as the sequential indexer's sink does, and a refused
 * entry fails the task (and so the job: nothing is published). Documents arrive in ordinal order, and
 * the writers are configured as the sequential indexer's ({@link ShardWriters#config}), so a shard
 * is built the same way. Shards are built in the attempt's work directory (or, when that is not on
 * the local disk, in a local directory copied there) and become visible only at job commit.
 */
public class ShardReducer extends Reducer<LongWritable, NullWritable, NullWritable, NullWritable> {

    private final Map<Integer, Directory> raw = new TreeMap<>();
    private final Map<Integer, IndexWriter> writers = new TreeMap<>();
    private DocumentMapper mapper;
    private ConfinedTask task;
    private ReceivedDocuments received;
    private IndexEntryCheck entries;
    private FileSystem fs;
    private Path work;
    private java.nio.file.Path build;
    private boolean buildIsWork;

    @Override
    protected void setup(Context context) throws IOException {
        Configuration conf = context.getConfiguration();
        entries = task.entryCheck();
        mapper = mapper();
        work = ((FileOutputCommitter) context.getOutputCommitter()).getWorkPath();
        fs = work.getFileSystem(conf);
        buildIsWork = fs instanceof LocalFileSystem;
        build = buildIsWork ? java.nio.file.Path.of(fs.makeQualified(work).toUri())
                : Files.createTempDirectory(Files.createDirectories(IndexJobConf.localDir(conf)), "maat-shards-");
        int shards = IndexJobConf.shards(conf);
        int reducers = context.getNumReduceTasks();
        int partition = context.getTaskAttemptID().getTaskID().getId();
        // Every shard of this partition exists at the end, even one no document went to.
        for (int shard = partition; shard < shards; shard += reducers) {
            java.nio.file.Path dir = Files.createDirectories(build.resolve(TaskSummary.shardDirectory(shard)));
            Directory directory = ShardDirectory.open(dir);
            raw.put(shard, directory);
            Directory target = IndexJobConf.monitoring(conf).monitored() ? new PolicyDirectory(directory, shard, null, task.atRestFloorGate())
                    : directory;
            writers.put(shard, new IndexWriter(target, ShardWriters.config(IndexFields.analyzer())));
        }
    }

    /** How this reducer's task code maps a document to its entry: the standard mapping (fault-injection tests vary it). */
    protected DocumentMapper mapper() {
        return DocumentMapper.standard();
    }

    /**
     * Indexes the document of shuffle key {@code key}: the key is all a map task sends, and the document is read from
     * the store by the runtime ({@link ReceivedDocuments}), which refuses a key in another shard, a repeated one and a
     * document that is not live.
     */
    @Override
    protected void reduce(LongWritable key, Iterable<NullWritable> values, Context context)
            throws IOException, InterruptedException {
        long count = 0;
        for (NullWritable ignored : values) {
            count++;
        }
        IndexWriter writer = writers.get(ShardKey.shard(key.get()));
        LabelledDocument document = entries.issue(task.read(received.take(key.get(), count, writer != null)));
        writer.addDocument(entries.admit(document, mapper.map(document)));
        // progress only: the driver clamps it and reports the store's own count as the result
        context.getCounter(IndexCounters.DOCUMENTS_INDEXED).increment(1);
    }

    @Override
    protected void cleanup(Context context) throws IOException {
        List<TaskSummary.Shard> built = new ArrayList<>();
        for (Map.Entry<Integer, IndexWriter> entry : writers.entrySet()) {
            int shard = entry.getKey();
            IndexWriter writer = entry.getValue();
            writer.commit();
            long documents = writer.getDocStats().numDocs;
            writer.close();
            SegmentInfos commit = SegmentInfos.readLatestCommit(raw.get(shard));
            built.add(new TaskSummary.Shard(shard, documents, commit.getGeneration(),
                    new ArrayList<>(commit.files(true))));
            raw.get(shard).close();
        }
        writers.clear();
        if (!buildIsWork) {
            for (TaskSummary.Shard shard : built) {
                String name = TaskSummary.shardDirectory(shard.shard());
                fs.copyFromLocalFile(false, true, new Path(build.resolve(name).toUri()), new Path(work, name));
            }
        }
        for (TaskSummary.Shard shard : built) {
            TaskSummary.writeShard(fs, work, shard);
        }
        TaskSummary.writeTaint(fs, work, task.taint());
    }

    /**
     * The task's code (setup, every record, cleanup) at its boundary, opened first: a failure of its own reaches the job's failure
     * report and Hadoop only as "the reduce task failed (incident ...)", or as a copy of the runtime's own failure (a
     * refused file or entry, a damaged record).
     */
    private void runConfined(Context context) throws IOException, InterruptedException {
        Configuration conf = context.getConfiguration();
        task = ConfinedTask.open(conf); // the runtime's: opens the monitor before any task code
        CommittedStore store = CommittedStore.read(conf);
        IndexJobConf.checkSameStore(conf, store);
        received = new ReceivedDocuments(new StoreRecords(store), new ShardRouter(IndexJobConf.shards(conf)));
        task.boundary("the reduce task").runWriting(() -> {
            setup(context);
            while (context.nextKey()) {
                reduce(context.getCurrentKey(), context.getValues(), context);
            }
            cleanup(context); // only after every group: a failed attempt leaves no shards or summary
            return null;
        });
    }

    @Override
    public void run(Context context) throws IOException, InterruptedException {
        try {
            runConfined(context);
        } catch (IOException | RuntimeException e) {
            FailureReport.write(context.getConfiguration(), "reduce task " + context.getTaskAttemptID(), e);
            for (IndexWriter writer : writers.values()) {
                try {
                    writer.rollback();
                } catch (IOException | RuntimeException ignored) {
                    // the writer may have closed itself after the refused write; the attempt is discarded
                }
            }
            throw e;
        } finally {
            IOUtils.closeWhileHandlingException(raw.values());
            IOUtils.closeWhileHandlingException(received);
            if (task != null) {
                task.close();
            }
            if (build != null && !buildIsWork) {
                org.apache.hadoop.fs.FileUtil.fullyDelete(build.toFile());
            }
        }
    }
}
