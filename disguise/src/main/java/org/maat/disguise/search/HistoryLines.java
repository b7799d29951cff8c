package org.maat.disguise.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import org.maat.disguise.search.SearchRecords.WithdrawnLine;
import org.maat.disguise.search.SearchRecords.WithdrawnViews;

/**
 * The lines of a search history file (the front-end's {@code SearchHistory}: one JSON object per line,
 * {@code {"time":...,"query":...}} or {@code {"time":...,"view":"dN"}}, appended in time order) as bytes: which
 * lines name a document, taking them out, and putting them back. Every operation keeps every other byte as it is.
 *
 * <p>Where a line goes back. A history in time order carries its order in its lines: each goes back after the last
 * line no later than it, which is its place whatever other disguises took out of the same file or put back since, in
 * any order, and whatever its owner appended (later lines). A withdrawal checks that this rule gives the file back
 * exactly; when it does not (a torn line or an entry out of time order next to it), each line goes back at its index,
 * which is exact when every later withdrawal from the file was revealed first (latest first). No record can do better
 * for a file out of time order: how lines of two users who are both away sat relative to each other is known only
 * to the bag of the first to leave, which is sealed to that user.
 */
final class HistoryLines {

    private static final ObjectMapper JSON = new ObjectMapper();

    private HistoryLines() {
    }

    /** What a withdrawal keeps, and the record that puts the rest back. */
    record Withdrawal(byte[] kept, WithdrawnViews views) {
    }

    /**
     * Takes out of {@code content} (the history of {@code user}) every complete line whose {@code view} is one of
     * {@code documents}; null when no line does.
     */
    static Withdrawal withdraw(String user, byte[] content, Set<String> documents) {
        List<byte[]> lines = split(content);
        List<byte[]> kept = new ArrayList<>();
        List<WithdrawnLine> taken = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            byte[] line = lines.get(i);
            String view = terminated(line) ? field(line, "view") : null;
            if (view != null && documents.contains(view)) {
                taken.add(new WithdrawnLine(i, line));
            } else {
                kept.add(line);
            }
        }
        if (taken.isEmpty()) {
            return null;
        }
        byte[] keptBytes = join(kept);
        boolean byTime = Arrays.equals(placedByTime(keptBytes, taken), content);
        return new Withdrawal(keptBytes, new WithdrawnViews(user, taken, byTime));
    }

    /** The documents the complete lines of {@code content} view, in name order. */
    static java.util.SortedSet<String> views(byte[] content) {
        java.util.SortedSet<String> documents = new java.util.TreeSet<>();
        for (byte[] line : split(content)) {
            String view = terminated(line) ? field(line, "view") : null;
            if (view != null) {
                documents.add(view);
            }
        }
        return documents;
    }

    /** {@code content} without the complete lines whose {@code view} is one of {@code documents}. */
    static byte[] without(byte[] content, Set<String> documents) {
        Withdrawal w = withdraw("", content, documents);
        return w == null ? content : w.kept();
    }

    /** {@code current} with the lines of {@code views} put back (see the class comment for where). */
    static byte[] restore(byte[] current, WithdrawnViews views) {
        return views.byTime() ? placedByTime(current, views.lines()) : placedByIndex(current, views.lines());
    }

    /** Each line at its index (clamped to the file), in file order. */
    private static byte[] placedByIndex(byte[] current, List<WithdrawnLine> taken) {
        List<byte[]> out = split(current);
        for (WithdrawnLine w : taken) {
            int at = Math.min(w.at(), out.size());
            if (at == out.size() && at > 0 && !terminated(out.get(at - 1))) {
                at--; // never after a torn last line: the two would run together
            }
            out.add(at, w.bytes());
        }
        return join(out);
    }

    /** Each line after the last line no later than it (and after the lines put back before it), in file order. */
    private static byte[] placedByTime(byte[] current, List<WithdrawnLine> taken) {
        List<byte[]> out = split(current);
        int floor = 0;
        for (WithdrawnLine w : taken) {
            Instant time = time(w.bytes());
            int at = floor;
            for (int p = floor; p < out.size(); p++) {
                Instant t = time(out.get(p));
                if (time == null || t != null && !t.isAfter(time)) {
                    at = p + 1;
                }
            }
            if (at == out.size() && at > 0 && !terminated(out.get(at - 1))) {
                at--;
            }
            out.add(at, w.bytes());
            floor = at + 1;
        }
        return join(out);
    }

    /** The lines of {@code content}, each with its newline (the last one may have none); joined, they are it. */
    static List<byte[]> split(byte[] content) {
        List<byte[]> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < content.length; i++) {
            if (content[i] == '\n') {
                lines.add(Arrays.copyOfRange(content, start, i + 1));
                start = i + 1;
            }
        }
        if (start < content.length) {
            lines.add(Arrays.copyOfRange(content, start, content.length));
        }
        return lines;
    }

    static byte[] join(List<byte[]> lines) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        lines.forEach(out::writeBytes);
        return out.toByteArray();
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    private static boolean terminated(byte[] line) {
        return line.length > 0 && line[line.length - 1] == '\n';
    }

    private static Instant time(byte[] line) {
        String text = field(line, "time");
        try {
            return text == null ? null : Instant.parse(text);
        } catch (java.time.format.DateTimeParseException e) {
            return null;
        }
    }

    /** The text of {@code name} in {@code line}'s JSON object; null when the line is not one or has none. */
    private static String field(byte[] line, String name) {
        try {
            JsonNode node = JSON.readTree(new String(line, StandardCharsets.UTF_8));
            JsonNode value = node == null ? null : node.get(name);
            return value == null || !value.isTextual() ? null : value.asText();
        } catch (java.io.IOException notJson) {
            return null; // a torn line, or not the front-end's
        }
    }
}
