package org.maat.indexer.job;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.maat.core.conduit.StoreFormat;

/**
 * Reads the committed documents of a conduit store through a Hadoop {@link FileSystem} (local
 * files, HDFS): splits are runs of consecutive live documents within one segment, cut from the
 * store's offset table and edit log ({@link StoreFormat#liveRuns}) into about
 * {@link IndexJobConf#SPLITS} equal parts; keys are document ordinals, values the documents. Removed
 * documents are not read (their erased records are skipped, never taken for damage); the store's
 * commit is read once, when splitting, so a job indexes that commit, and an edit committed while it
 * runs can fail a task reading a record erased under it (run the job again). Records are checked as {@code ConduitStore} checks them: a damaged record
 * fails the task with its segment and byte position.
 */
public final class ConduitInputFormat extends InputFormat<LongWritable, DocumentWritable> {

    @Override
    public List<InputSplit> getSplits(JobContext context) throws IOException {
        Configuration conf = context.getConfiguration();
        CommittedStore committed = CommittedStore.read(conf);
        IndexJobConf.checkSameStore(conf, committed);
        StoreFormat.Committed commit = committed.commit();
        Path store = committed.store();
        FileSystem fs = store.getFileSystem(conf);
        int splitCount = IndexJobConf.splits(conf, commit.segmentLengths().stream().mapToLong(Long::longValue).sum());
        long perSplit = Math.max(1, (commit.documents() + splitCount - 1) / splitCount);
        List<StoreFormat.Run> runs = committed.liveRuns(perSplit);
        List<InputSplit> splits = new ArrayList<>();
        int r = 0;
        while (r < runs.size()) {
            int segment = runs.get(r).segment();
            int end = r;
            long documents = 0;
            long bytes = 0;
            while (end < runs.size() && runs.get(end).segment() == segment
                    && (end == r || documents + runs.get(end).count() <= perSplit)) {
                documents += runs.get(end).count();
                bytes += runs.get(end).end() - runs.get(end).start();
                end++;
            }
            List<StoreFormat.Run> group = runs.subList(r, end);
            long[] firsts = group.stream().mapToLong(StoreFormat.Run::first).toArray();
            long[] counts = group.stream().mapToLong(StoreFormat.Run::count).toArray();
            long[] starts = group.stream().mapToLong(StoreFormat.Run::start).toArray();
            Path file = new Path(store, StoreFormat.segmentFileName(segment));
            splits.add(new ConduitSplit(file.toString(), firsts, counts, starts, bytes, hosts(fs, file, starts[0])));
            r = end;
        }
        return splits;
    }

    @Override
    public RecordReader<LongWritable, DocumentWritable> createRecordReader(InputSplit split, TaskAttemptContext context) {
        return new Reader();
    }

    private static String[] hosts(FileSystem fs, Path file, long start) throws IOException {
        FileStatus status = fs.getFileStatus(file);
        var blocks = fs.getFileBlockLocations(status, start, 1);
        return blocks.length == 0 ? new String[0] : blocks[0].getHosts();
    }

    /** Reads one split's runs in file order, checking each record as the conduit store does. */
    private static final class Reader extends RecordReader<LongWritable, DocumentWritable> {
        private final LongWritable key = new LongWritable();
        private final DocumentWritable value = new DocumentWritable();
        private final byte[] header = new byte[StoreFormat.RECORD_HEADER];
        private ConduitSplit split;
        private DataInputStream in;
        private java.nio.file.Path segmentName;
        private int run;
        private long leftInRun;
        private long next;
        private long position;
        private long read;
        private long total;

        @Override
        public void initialize(InputSplit genericSplit, TaskAttemptContext context) throws IOException {
            split = (ConduitSplit) genericSplit;
            Path file = new Path(split.segment());
            FileSystem fs = file.getFileSystem(context.getConfiguration());
            InputStream stream = StoreInput.of(fs, file.getParent()).open(file, split.start(0));
            in = new DataInputStream(new java.io.BufferedInputStream(stream, 1 << 20));
            segmentName = java.nio.file.Path.of(file.toUri().getPath());
            run = -1;
            position = split.start(0);
            total = split.count();
        }

        @Override
        public boolean nextKeyValue() throws IOException {
            while (leftInRun == 0) {
                if (++run >= split.runs()) {
                    return false;
                }
                // runs are in file order: skip the erased records between them
                in.skipNBytes(split.start(run) - position);
                position = split.start(run);
                next = split.first(run);
                leftInRun = split.count(run);
            }
            try {
                in.readFully(header);
                int length = StoreFormat.payloadLength(header, segmentName, position);
                byte[] payload = new byte[length];
                in.readFully(payload);
                value.set(StoreFormat.decode(header, payload, next, segmentName, position));
                position += header.length + length;
            } catch (java.io.EOFException e) {
                throw new org.maat.core.conduit.CorruptRecordException(segmentName, position,
                        "record cut short: the segment ends inside it");
            }
            key.set(next++);
            leftInRun--;
            read++;
            return true;
        }

        @Override
        public LongWritable getCurrentKey() {
            return key;
        }

        @Override
        public DocumentWritable getCurrentValue() {
            return value;
        }

        @Override
        public float getProgress() {
            return total == 0 ? 1f : read / (float) total;
        }

        @Override
        public void close() throws IOException {
            if (in != null) {
                in.close();
            }
        }
    }
}
