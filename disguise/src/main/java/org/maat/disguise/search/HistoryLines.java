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
 * <p>Putting back is exact when the file still starts with the bytes the withdrawal kept (nothing but appends
 * since, or every later withdrawal from the file revealed first): each line returns to its index. When another
 * disguise's withdrawal from the same file is still out, or came back in between, the indices no longer hold and
 * cannot be repaired from this bag alone (the other lines are sealed to another user); each line then goes after
 * the last line whose time is not later than its own, which is exact for a history in time order, as the
 * front-end writes it.
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
            if (terminated(line) && documents.contains(field(line, "view"))) {
                taken.add(new WithdrawnLine(i, line));
            } else {
                kept.add(line);
            }
        }
        if (taken.isEmpty()) {
            return null;
        }
        byte[] keptBytes = join(kept);
        return new Withdrawal(keptBytes, new WithdrawnViews(user, taken, kept.size(), sha256(keptBytes)));
    }

    /** {@code content} without the complete lines whose {@code view} is one of {@code documents}. */
    static byte[] without(byte[] content, Set<String> documents) {
        Withdrawal w = withdraw("", content, documents);
        return w == null ? content : w.kept();
    }

    /** {@code current} with the lines of {@code views} put back (see the class comment for where). */
    static byte[] restore(byte[] current, WithdrawnViews views) {
        List<byte[]> lines = split(current);
        List<byte[]> out = new ArrayList<>();
        if (lines.size() >= views.keptLines()
                && sha256(join(lines.subList(0, views.keptLines()))).equals(views.keptHash())) {
            int next = 0;
            int taken = 0;
            int total = views.keptLines() + views.lines().size();
            for (int k = 0; k < total; k++) {
                if (taken < views.lines().size() && views.lines().get(taken).at() == k) {
                    out.add(views.lines().get(taken++).bytes());
                } else {
                    out.add(lines.get(next++));
                }
            }
            out.addAll(lines.subList(next, lines.size()));
            return join(out);
        }
        out.addAll(lines);
        int floor = 0;
        for (WithdrawnLine w : views.lines()) {
            Instant time = time(w.bytes());
            int at = Math.max(floor, Math.min(w.at(), out.size()));
            if (time != null) {
                at = floor;
                for (int p = floor; p < out.size(); p++) {
                    Instant t = time(out.get(p));
                    if (t != null && !t.isAfter(time)) {
                        at = p + 1;
                    }
                }
            }
            if (at == out.size() && at > 0 && !terminated(out.get(at - 1))) {
                at--; // never after a torn last line: the two would run together
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
