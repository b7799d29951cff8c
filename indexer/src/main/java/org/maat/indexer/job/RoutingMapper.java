package org.maat.indexer.job;

import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.maat.core.index.ShardRouter;
import org.maat.core.task.LabelledDocument;
import org.maat.policy.Conduit;

/**
 * A confined map task: every document of its split reaches it through the task's monitor (which
 * taints the task with the document's policy), and goes to the shard {@link ShardRouter} picks, the
 * routing every Maat indexer shares. It sends only the key (shard, ordinal): the reducer reads the document from the
 * store itself and refuses a key that is not its document's shard or repeats, and the committer publishes only if
 * every live document was indexed exactly once, so a map task chooses no content and no subset. The shuffle is internal to the job: nothing a mapper read
 * leaves the job except through the committer, which checks this task's taint (left in its work
 * directory, see {@link TaskSummary}) against every index file it publishes.
 */
public class RoutingMapper extends Mapper<LongWritable, DocumentWritable, LongWritable, NullWritable> {

    private final LongWritable key = new LongWritable();
    private ConfinedTask task;
    private ShardRouter router;

    @Override
    protected void setup(Context context) throws IOException {
        router = new ShardRouter(IndexJobConf.shards(context.getConfiguration()));
    }

    @Override
    protected void map(LongWritable ordinal, DocumentWritable value, Context context)
            throws IOException, InterruptedException {
        LabelledDocument document = task.read(value.get());
        key.set(ShardKey.of(router.shard(document.document().id()), ordinal.get()));
        context.write(key, NullWritable.get());
        context.getCounter(IndexCounters.DOCUMENTS_ROUTED).increment(1);
    }

    /** Reads conduit {@code id} through this task's monitor (tainting it), for mappers that consult other conduits. */
    protected final Conduit readConduit(String id) {
        return task.read(id);
    }

    @Override
    protected void cleanup(Context context) throws IOException {
        Path work = ((FileOutputCommitter) context.getOutputCommitter()).getWorkPath();
        TaskSummary.writeTaint(work.getFileSystem(context.getConfiguration()), work, task.taint());
    }

    /**
     * The task's code (setup, every record, cleanup) at its boundary, opened first: a failure of its own reaches the job's failure
     * report and Hadoop only as "the map task failed (incident ...)", or as a copy of the runtime's own failure (a
     * refused file or entry, a damaged record).
     */
    private void runConfined(Context context) throws IOException, InterruptedException {
        task = ConfinedTask.open(context.getConfiguration()); // the runtime's: opens the monitor before any task code
        task.boundary("the map task").runWriting(() -> {
            setup(context);
            while (context.nextKeyValue()) {
                map(context.getCurrentKey(), context.getCurrentValue(), context);
            }
            cleanup(context); // only after every record: a failed attempt leaves no summary for the committer
            return null;
        });
    }

    @Override
    public void run(Context context) throws IOException, InterruptedException {
        try {
            runConfined(context);
        } catch (IOException | RuntimeException e) {
            FailureReport.write(context.getConfiguration(), "map task " + context.getTaskAttemptID(), e);
            throw e;
        } finally {
            if (task != null) {
                task.close();
            }
        }
    }
}
