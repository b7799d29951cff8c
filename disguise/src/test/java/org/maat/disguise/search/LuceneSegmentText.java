package org.maat.disguise.search;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.lucene.codecs.CodecUtil;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.index.IndexFileNames;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SegmentReader;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.util.BytesRef;

/**
 * The text a byte scan reads for a Lucene file, with the compressed parts expanded. Lucene keeps stored fields
 * in LZ4 blocks ({@code .fdt}) and term suffixes in blocks it may compress ({@code .tim}); their bytes are an
 * encoding, not the values: a literal {@code u10} followed by a back-reference whose offset byte is {@code '1'}
 * spells {@code u101} where no value holds it, and a value that repeats an earlier one is a back-reference that
 * spells nothing. So the scan reads, for those files, every stored field of every document of the segment (live
 * or deleted) and every term of every field, one value a line, from every commit of the directory that lists the
 * segment; inside a compound file ({@code .cfs}) the slices of those two files are blanked and the same values
 * appended. A file of no commit, or one that cannot be read so (encrypted at rest), is scanned as it is.
 */
final class LuceneSegmentText {

    private LuceneSegmentText() {
    }

    /** {@code text} (the file read one char a byte, random draws blanked), its compressed parts expanded. */
    static String expanded(Path file, String text) {
        String name = file.getFileName().toString();
        boolean whole = name.endsWith(".fdt") || name.endsWith(".tim");
        if (!whole && !name.endsWith(".cfs")) {
            return text;
        }
        Path dir = file.getParent();
        if (!Files.isDirectory(dir)) {
            return text;
        }
        String segment = IndexFileNames.parseSegmentName(name);
        try (FSDirectory directory = FSDirectory.open(dir)) {
            String values = values(directory, segment);
            if (values == null) {
                return text;
            }
            if (whole) {
                return values;
            }
            StringBuilder out = new StringBuilder(text);
            slices(directory, segment).forEach((inner, range) -> {
                if (inner.endsWith(".fdt") || inner.endsWith(".tim")) {
                    for (long i = range[0]; i < range[0] + range[1] && i < out.length(); i++) {
                        out.setCharAt((int) i, '\0');
                    }
                }
            });
            return out.append('\n').append(values).toString();
        } catch (IOException | RuntimeException unreadable) {
            return text;
        }
    }

    /** Every stored value and term of {@code segment} in any commit of {@code directory}; null if none lists it. */
    private static String values(FSDirectory directory, String segment) throws IOException {
        StringBuilder out = new StringBuilder();
        boolean found = false;
        for (IndexCommit commit : DirectoryReader.listCommits(directory)) {
            try (DirectoryReader reader = DirectoryReader.open(commit)) {
                for (LeafReaderContext leaf : reader.leaves()) {
                    SegmentReader r = (SegmentReader) leaf.reader();
                    if (!r.getSegmentName().equals(segment)) {
                        continue;
                    }
                    found = true;
                    StoredFields stored = r.storedFields();
                    for (int d = 0; d < r.maxDoc(); d++) { // deleted documents too: their bytes stay in the file
                        for (IndexableField f : stored.document(d).getFields()) {
                            BytesRef bytes = f.binaryValue();
                            out.append(bytes != null ? latin1(bytes) : latin1(String.valueOf(f.stringValue()))).append('\n');
                        }
                    }
                    for (FieldInfo field : r.getFieldInfos()) {
                        Terms terms = r.terms(field.name);
                        if (terms == null) {
                            continue;
                        }
                        TermsEnum e = terms.iterator();
                        for (BytesRef term = e.next(); term != null; term = e.next()) {
                            out.append(latin1(term)).append('\n');
                        }
                    }
                }
            }
        }
        return found ? out.toString() : null;
    }

    /** The files inside {@code segment}'s compound file, by name, with their offset and length in it. */
    private static Map<String, long[]> slices(FSDirectory directory, String segment) throws IOException {
        Map<String, long[]> slices = new HashMap<>();
        try (IndexInput in = directory.openInput(segment + ".cfe", IOContext.READONCE)) {
            CodecUtil.readIndexHeader(in);
            int count = in.readVInt();
            for (int i = 0; i < count; i++) {
                String inner = in.readString();
                slices.put(inner, new long[] {in.readLong(), in.readLong()});
            }
        }
        return slices;
    }

    private static String latin1(BytesRef bytes) {
        return new String(bytes.bytes, bytes.offset, bytes.length, StandardCharsets.ISO_8859_1);
    }

    /** The UTF-8 bytes of {@code s}, one char a byte, as the raw scan reads text. */
    private static String latin1(String s) {
        return new String(s.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
    }
}
