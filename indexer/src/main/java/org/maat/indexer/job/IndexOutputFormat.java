package org.maat.indexer.job;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.OutputFormat;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.maat.core.lucene.IndexLayout;

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
        Configuration conf = context.getConfiguration();
        Path out = IndexJobConf.out(conf);
        boolean monitored = IndexJobConf.monitoring(conf).monitored();
        FileSystem fs = out.getFileSystem(conf);
        Path other = new Path(out, monitored ? IndexLayout.NO_POLICY_RECORD : IndexCommitter.LABELS);
        if (fs.exists(other)) {
            // The same refusal as the sequential indexer's (IndexLayout.requireRebuildableAs), before the job runs.
            throw new IOException(out + " holds " + (monitored
                    ? "an index built with --no-policy (" + other.getName() + "); build the monitored index"
                    : "a monitored index (" + other.getName() + "); build the --no-policy index")
                    + " into another directory, or delete it first");
        }
    }

    @Override
    public OutputCommitter getOutputCommitter(TaskAttemptContext context) throws IOException {
        return new IndexCommitter(IndexJobConf.out(context.getConfiguration()), context);
    }
}
