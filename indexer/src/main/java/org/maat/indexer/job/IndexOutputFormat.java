package org.maat.indexer.job;

import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.OutputFormat;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * The indexer's output: reducers write their shards themselves (Lucene files, not records), so the
 * record writer takes nothing; what matters is the {@link IndexCommitter}, which publishes them.
 */
public final class IndexOutputFormat extends OutputFormat<NullWritable, NullWritable> {

    @Override
    public RecordWriter<NullWritable, NullWritable> getRecordWriter(TaskAttemptContext context) {
        return new RecordWriter<>() {
            @Override
            public void write(NullWritable key, NullWritable value) {
                throw new UnsupportedOperationException("reducers write Lucene shards, not records");
            }

            @Override
            public void close(TaskAttemptContext c) {
            }
        };
    }

    @Override
    public void checkOutputSpecs(JobContext context) throws IOException {
        Path out = IndexJobConf.out(context.getConfiguration());
        if (!IndexJobConf.policy(context.getConfiguration())
                && out.getFileSystem(context.getConfiguration()).exists(new Path(out, IndexCommitter.LABELS))) {
            // A plain index over a monitored one would leave its labels naming files that are gone.
            throw new IOException(out + " holds a monitored index (" + IndexCommitter.LABELS
                    + "); build the --no-policy index into another directory");
        }
    }

    @Override
    public OutputCommitter getOutputCommitter(TaskAttemptContext context) throws IOException {
        return new IndexCommitter(IndexJobConf.out(context.getConfiguration()), context);
    }
}
