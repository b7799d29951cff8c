package org.maat.core.conduit;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.maat.core.AtomicFile;
import org.maat.core.storage.StorageFiles;

/**
 * What a conduit store has committed: the document count (the id space {@code d0..d(documents-1)}),
 * each segment's committed length, and, once the store has been edited, the committed length of its
 * edit log and the edit generation. It is replaced atomically (write, fsync, rename), so a crash
 * leaves the previous commit or this one.
 *
 * <p>A store never edited is written in format {@code maat-conduit-store-1}, byte for byte as before
 * edits existed; an edited one in {@code maat-conduit-store-2}, which older readers refuse by name
 * rather than misreading its erased records as damage.
 */
record StoreCommit(long documents, List<Long> segmentLengths, long editBytes, long generation) {

    static final String FILE = "store.commit";
    private static final String FORMAT_1 = "maat-conduit-store-1";
    private static final String FORMAT_2 = "maat-conduit-store-2";

    StoreCommit {
        segmentLengths = List.copyOf(segmentLengths);
    }

    StoreCommit(long documents, List<Long> segmentLengths) {
        this(documents, segmentLengths, 0, 0);
    }

    static StoreCommit read(Path dir, StorageFiles files) throws IOException {
        Path file = dir.resolve(FILE);
        return parse(files.readString(file), file.toString());
    }

    /** The commit record {@code text}, read from {@code file} (named in errors). */
    static StoreCommit parse(String text, String file) throws IOException {
        Properties p = new Properties();
        p.load(new StringReader(text));
        String format = p.getProperty("format");
        if (!FORMAT_1.equals(format) && !FORMAT_2.equals(format)) {
            throw new IOException(file + ": unknown format '" + format + "', expected " + FORMAT_1 + " or " + FORMAT_2);
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
            if (FORMAT_1.equals(format)) {
                return new StoreCommit(documents, lengths);
            }
            long edits = Long.parseLong(p.getProperty("edits"));
            long generation = Long.parseLong(p.getProperty("generation"));
            if (edits < 0 || edits % EditLog.ENTRY != 0 || generation < 1) {
                throw new IOException(file + ": malformed commit record (edits=" + edits + ", generation=" + generation + ")");
            }
            return new StoreCommit(documents, lengths, edits, generation);
        } catch (NumberFormatException | NullPointerException e) {
            throw new IOException(file + ": malformed commit record (documents/segments/edits/generation)");
        }
    }

    /** This commit with the edit log grown to {@code editBytes} and the segments to {@code lengths}: the next generation. */
    StoreCommit edited(List<Long> lengths, long editBytes) {
        return new StoreCommit(documents, lengths, editBytes, generation + 1);
    }

    void write(Path dir, StorageFiles files) throws IOException {
        StringBuilder text = new StringBuilder()
                .append("format=").append(generation == 0 ? FORMAT_1 : FORMAT_2).append('\n')
                .append("documents=").append(documents).append('\n')
                .append("segments=");
        for (int i = 0; i < segmentLengths.size(); i++) {
            text.append(i == 0 ? "" : ",").append(segmentLengths.get(i));
        }
        text.append('\n');
        if (generation > 0) {
            text.append("edits=").append(editBytes).append('\n');
            text.append("generation=").append(generation).append('\n');
        }
        AtomicFile.replace(dir.resolve(FILE), text, files);
    }
}
