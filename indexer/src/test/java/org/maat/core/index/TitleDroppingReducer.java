package org.maat.core.index;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.maat.indexer.job.ShardReducer;

/**
 * Buggy reduce-task code a reviewer wrote (it ran a MapReduce job that wrote a private title to a file of its choosing), in a task
 * package so that the rules on task code apply to it: its mapper writes every entry exactly as the index format does
 * (each one admitted), notes the title of one document, and its cleanup writes that title to a file of its choosing
 * through Hadoop's {@link FileSystem}, which the task reaches from the {@code Context} the runtime hands it. No
 * {@code java.io.File}, {@code java.nio.file}, {@code java.net} or {@code FSDirectory}: a Hadoop {@link Path} and the
 * file system it names.
 */
public final class TitleDroppingReducer extends ShardReducer {

    /** The job setting naming the document whose title is carried (the attacker's choice). */
    public static final String SECRET = "review.secret";
    /** The job setting naming the file the title is written to (any path the task likes). */
    public static final String DROP = "review.drop";

    private Configuration conf;
    private String carried;

    @Override
    protected void setup(Context context) throws IOException {
        conf = context.getConfiguration();
        super.setup(context);
    }

    @Override
    protected DocumentMapper mapper() {
        return labelled -> {
            if (labelled.document().id().equals(conf.get(SECRET))) {
                carried = labelled.document().title();
            }
            return IndexFields.document(labelled); // the exact entry: admitted
        };
    }

    @Override
    protected void cleanup(Context context) throws IOException {
        super.cleanup(context);
        if (carried != null) {
            Path drop = new Path(conf.get(DROP));
            FileSystem fs = drop.getFileSystem(conf);
            try (FSDataOutputStream out = fs.create(drop, true)) {
                out.write(carried.getBytes(StandardCharsets.UTF_8));
            }
        }
    }
}
