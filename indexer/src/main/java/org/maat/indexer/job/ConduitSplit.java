package org.maat.indexer.job;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputSplit;

/**
 * A run of consecutive documents of a conduit store that lie in one segment file: documents
 * {@code first} to {@code first + count - 1}, whose records occupy {@code length} bytes of the
 * segment from byte {@code start}. Splits come from the store's offset table, never from guessing
 * record boundaries, so every committed document is in exactly one split.
 */
public final class ConduitSplit extends InputSplit implements Writable {

    private String segment;
    private long first;
    private long count;
    private long start;
    private long length;
    private String[] hosts = new String[0];

    /** For Hadoop's deserialization. */
    public ConduitSplit() {
    }

    ConduitSplit(String segment, long first, long count, long start, long length, String[] hosts) {
        this.segment = segment;
        this.first = first;
        this.count = count;
        this.start = start;
        this.length = length;
        this.hosts = hosts;
    }

    /** The segment file's URI. */
    public String segment() {
        return segment;
    }

    public long first() {
        return first;
    }

    public long count() {
        return count;
    }

    public long start() {
        return start;
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
        out.writeLong(first);
        out.writeLong(count);
        out.writeLong(start);
        out.writeLong(length);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        segment = Text.readString(in);
        first = in.readLong();
        count = in.readLong();
        start = in.readLong();
        length = in.readLong();
        hosts = new String[0];
    }

    @Override
    public String toString() {
        return segment + " documents " + first + ".." + (first + count - 1) + " (bytes " + start + "+" + length + ")";
    }
}
