package org.maat.core.conduit;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.maat.core.AtomicFile;

/**
 * What a conduit store has committed: the document count and each segment's committed length. It is
 * replaced atomically (write, fsync, rename), so a crash leaves the previous commit or this one.
 */
record StoreCommit(long documents, List<Long> segmentLengths) {

    static final String FILE = "store.commit";
    private static final String FORMAT = "maat-conduit-store-1";

    StoreCommit {
        segmentLengths = List.copyOf(segmentLengths);
    }

    static StoreCommit read(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        return parse(Files.readString(file), file.toString());
    }

    /** The commit record {@code text}, read from {@code file} (named in errors). */
    static StoreCommit parse(String text, String file) throws IOException {
        Properties p = new Properties();
        p.load(new StringReader(text));
        if (!FORMAT.equals(p.getProperty("format"))) {
            throw new IOException(file + ": unknown format '" + p.getProperty("format") + "', expected " + FORMAT);
        }
        try {
            long documents = Long.parseLong(p.getProperty("documents"));
            List<Long> lengths = new ArrayList<>();
            String segments = p.getProperty("segments", "").strip();
            if (!segments.isEmpty()) {
                for (String s : segments.split(",")) {
                    lengths.add(Long.parseLong(s.strip()));
                }
            }
            return new StoreCommit(documents, lengths);
        } catch (NumberFormatException | NullPointerException e) {
            throw new IOException(file + ": malformed commit record (documents/segments)");
        }
    }

    void write(Path dir) throws IOException {
        StringBuilder text = new StringBuilder()
                .append("format=").append(FORMAT).append('\n')
                .append("documents=").append(documents).append('\n')
                .append("segments=");
        for (int i = 0; i < segmentLengths.size(); i++) {
            text.append(i == 0 ? "" : ",").append(segmentLengths.get(i));
        }
        text.append('\n');
        AtomicFile.replace(dir.resolve(FILE), text);
    }
}
