package org.maat.indexer.job;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputSplit;

/**
 * Runs of consecutive live documents of a conduit store that lie in one segment file, in file order:
 * run {@code i} is documents {@code firsts[i] .. firsts[i] + counts[i] - 1}, whose records lie back to
 * back from byte {@code starts[i]}. A store never edited gives one run per split; removed documents
 * (erased records) fall between runs, restored ones are runs where their restoration appended them.
 * Splits come from the store's offset table and edit log, never from guessing record boundaries, so
 * every live document is in exactly one split.
 */
public final class ConduitSplit extends InputSplit implements Writable {

    private String segment;
    private long[] firsts;
    private long[] counts;
    private long[] starts;
    private long length;
    private String[] hosts = new String[0];

    /** For Hadoop's deserialization. */
    public ConduitSplit() {
    }

    ConduitSplit(String segment, long[] firsts, long[] counts, long[] starts, long length, String[] hosts) {
        this.segment = segment;
        this.firsts = firsts;
        this.counts = counts;
        this.starts = starts;
        this.length = length;
        this.hosts = hosts;
    }

    /** The segment file's URI. */
    public String segment() {
        return segment;
    }

    /** Runs in file order. */
    public int runs() {
        return firsts.length;
    }

    public long first(int run) {
        return firsts[run];
    }

    public long count(int run) {
        return counts[run];
    }

    public long start(int run) {
        return starts[run];
    }

    /** Documents in all runs. */
    public long count() {
        long n = 0;
        for (long c : counts) {
            n += c;
        }
        return n;
    }

    @Override
    public long getLength() {
        return length;
    }

    @Override
    public String[] getLocations() {
        return hosts.clone();
    }

    @Override
    public void write(DataOutput out) throws IOException {
        Text.writeString(out, segment);
        out.writeInt(firsts.length);
        for (int i = 0; i < firsts.length; i++) {
            out.writeLong(firsts[i]);
            out.writeLong(counts[i]);
            out.writeLong(starts[i]);
        }
        out.writeLong(length);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        segment = Text.readString(in);
        int runs = in.readInt();
        firsts = new long[runs];
        counts = new long[runs];
        starts = new long[runs];
        for (int i = 0; i < runs; i++) {
            firsts[i] = in.readLong();
            counts[i] = in.readLong();
            starts[i] = in.readLong();
        }
        length = in.readLong();
        hosts = new String[0];
    }

    @Override
    public String toString() {
        return segment + " documents " + firsts[0] + ".." + (firsts[firsts.length - 1] + counts[counts.length - 1] - 1)
                + " in " + firsts.length + " run(s) (bytes from " + starts[0] + ", " + length + " bytes)";
    }
}
