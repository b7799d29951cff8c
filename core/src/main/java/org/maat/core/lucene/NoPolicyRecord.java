package org.maat.core.lucene;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import org.maat.core.AtomicFile;

/**
 * The published state of an index built with {@code --no-policy} ({@value IndexLayout#NO_POLICY_RECORD}):
 * the commit generation of every shard and the document count, as a label store records them for a
 * monitored index. Its presence says positively that the index has no labels.
 *
 * <p>What it guarantees: {@link #write} replaces the record atomically and durably (a temporary file
 * forced to disk, renamed over the old one, the directory forced), so after a crash the record names
 * the previous commits or the new ones, never a mix.
 */
public final class NoPolicyRecord {

    private static final String FORMAT = "maat-no-policy-index 1";

    private NoPolicyRecord() {
    }

    /** Publishes {@code index} as the commits of the {@code --no-policy} index at {@code layout}. */
    public static void write(IndexLayout layout, PublishedIndex index) throws IOException {
        StringBuilder text = new StringBuilder("# ").append(FORMAT)
                .append(": an index built with --no-policy (no labels); its published commits\n");
        new TreeMap<>(index.toAttributes()).forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
        AtomicFile.replace(layout.noPolicyRecord(), text);
    }

    /** The record of the index at {@code layout}, if it has one. */
    static Optional<PublishedIndex> readIfPresent(IndexLayout layout) {
        return layout.isNoPolicy() ? Optional.of(read(layout)) : Optional.empty();
    }

    /** Reads the record; a malformed one is an error naming the file. */
    static PublishedIndex read(IndexLayout layout) {
        Path file = layout.noPolicyRecord();
        Properties p = new Properties();
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            if (!text.startsWith("# " + FORMAT)) {
                throw new IllegalArgumentException(file + " is damaged: it does not start with '# " + FORMAT + "'");
            }
            p.load(new StringReader(text));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        Map<String, String> attributes = new HashMap<>();
        p.stringPropertyNames().forEach(k -> attributes.put(k, p.getProperty(k)));
        try {
            return PublishedIndex.fromAttributes(attributes);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(file + " is damaged: " + e.getMessage(), e);
        }
    }
}
