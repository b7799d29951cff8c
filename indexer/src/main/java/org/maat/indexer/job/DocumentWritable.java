package org.maat.indexer.job;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.maat.core.conduit.Document;

/**
 * A document conduit's content as the input format hands it to a map task: the four fields as Hadoop
 * {@link Text} (UTF-8, no length limit). It never crosses the shuffle (a mapper sends only its key, and the reducer
 * reads the document from the store itself, see {@link ReceivedDocuments}), and its policy does not travel with it:
 * a task looks the conduit up in its own checksummed copy of the policy store.
 */
public final class DocumentWritable implements Writable {

    private final Text id = new Text();
    private final Text title = new Text();
    private final Text date = new Text();
    private final Text body = new Text();

    public DocumentWritable set(Document document) {
        id.set(document.id());
        title.set(document.title());
        date.set(document.date());
        body.set(document.body());
        return this;
    }

    public Document get() {
        return new Document(id.toString(), title.toString(), date.toString(), body.toString());
    }

    @Override
    public void write(DataOutput out) throws IOException {
        id.write(out);
        title.write(out);
        date.write(out);
        body.write(out);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        id.readFields(in);
        title.readFields(in);
        date.readFields(in);
        body.readFields(in);
    }
}
