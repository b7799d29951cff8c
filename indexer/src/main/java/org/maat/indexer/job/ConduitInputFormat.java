package org.maat.indexer.job;

import java.io.DataInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
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
 * files, HDFS): splits are runs of consecutive documents within one segment, cut from the store's
 * offset table into about {@link IndexJobConf#SPLITS} equal parts; keys are document ordinals,
 * values the documents. Records are checked as {@code ConduitStore} checks them: a damaged record
 * fails the task with its segment and byte position.
 */
public final class ConduitInputFormat extends InputFormat<LongWritable, DocumentWritable> {

    @Override
    public List<InputSplit> getSplits(JobContext context) throws IOException {
        Configuration conf = context.getConfiguration();
        Path store = IndexJobConf.documents(conf);
        FileSystem fs = store.getFileSystem(conf);
        Path commitFile = new Path(store, StoreFormat.COMMIT_FILE);
        if (!fs.exists(commitFile)) {
            throw new IOException(store + ": not a conduit store (no committed " + StoreFormat.COMMIT_FILE + ")");
        }
        StoreFormat.Committed commit = StoreFormat.parseCommit(readString(fs, commitFile), commitFile.toString());
        Path offsetsFile = new Path(store, StoreFormat.OFFSETS_FILE);
        long[] offsets = readOffsets(fs, offsetsFile, commit.documents());
        StoreFormat.checkOffsets(offsets, commit, offsetsFile.toUri().getPath());
        int splitCount = IndexJobConf.splits(conf, commit.segmentLengths().stream().mapToLong(Long::longValue).sum());
        long perSplit = Math.max(1, (commit.documents() + splitCount - 1) / splitCount);
        List<InputSplit> splits = new ArrayList<>();
        long first = 0;
        while (first < offsets.length) {
            int segment = StoreFormat.segment(offsets[(int) first]);
            long end = first + 1;
            while (end < offsets.length && end - first < perSplit && StoreFormat.segment(offsets[(int) end]) == segment) {
                end++;
            }
            long start = StoreFormat.position(offsets[(int) first]);
            long stop = end < offsets.length && StoreFormat.segment(offsets[(int) end]) == segment
                    ? StoreFormat.position(offsets[(int) end])
                    : commit.segmentLengths().get(segment);
            Path file = new Path(store, StoreFormat.segmentFileName(segment));
            splits.add(new ConduitSplit(file.toString(), first, end - first, start, stop - start, hosts(fs, file, start)));
            first = end;
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

    private static String readString(FileSystem fs, Path file) throws IOException {
        try (FSDataInputStream in = fs.open(file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static long[] readOffsets(FileSystem fs, Path file, long documents) throws IOException {
        if (documents > Integer.MAX_VALUE - 8) {
            throw new IOException(file + ": " + documents + " documents exceed one store's limit");
        }
        long size = fs.getFileStatus(file).getLen();
        if (size < documents * Long.BYTES) {
            throw new IOException(file + ": holds " + size / Long.BYTES + " offsets but the commit names " + documents
                    + " documents (truncated)");
        }
        long[] offsets = new long[(int) documents];
        try (DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(fs.open(file), 1 << 16))) {
            for (int i = 0; i < offsets.length; i++) {
                offsets[i] = in.readLong();
            }
        }
        return offsets;
    }

    /** Reads one split's records in order, checking each as the conduit store does. */
    private static final class Reader extends RecordReader<LongWritable, DocumentWritable> {
        private final LongWritable key = new LongWritable();
        private final DocumentWritable value = new DocumentWritable();
        private final byte[] header = new byte[StoreFormat.RECORD_HEADER];
        private ConduitSplit split;
        private DataInputStream in;
        private java.nio.file.Path segmentName;
        private long next;
        private long position;

        @Override
        public void initialize(InputSplit genericSplit, TaskAttemptContext context) throws IOException {
            split = (ConduitSplit) genericSplit;
            Path file = new Path(split.segment());
            FSDataInputStream stream = file.getFileSystem(context.getConfiguration()).open(file);
            stream.seek(split.start());
            in = new DataInputStream(new java.io.BufferedInputStream(stream, 1 << 20));
            segmentName = java.nio.file.Path.of(file.toUri().getPath());
            next = split.first();
            position = split.start();
        }

        @Override
        public boolean nextKeyValue() throws IOException {
            if (next >= split.first() + split.count()) {
                return false;
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
            return split.count() == 0 ? 1f : (next - split.first()) / (float) split.count();
        }

        @Override
        public void close() throws IOException {
            if (in != null) {
                in.close();
            }
        }
    }
}
