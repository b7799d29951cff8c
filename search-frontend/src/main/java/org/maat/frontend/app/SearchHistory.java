package org.maat.frontend.app;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import org.maat.core.data.DataDir;
import org.maat.core.data.HistoryWrites;
import org.maat.core.task.AccessGate;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.monitor.Payload;

/**
 * Users' search histories, one conduit {@code profile/USER/history} each under the {@code history}
 * policy (readable by its owner only, declassified only to the owner's {@code profile/*} conduits),
 * stored as {@code DATA/profile/USER/history}, one JSON object per line.
 *
 * <p>Every read and append goes through the caller's gate first (the session's task), so the
 * monitor taints the task with the history policy and judges each append; an append is one crossing, checked
 * and written in one step ({@link AccessGate#deliver}), always to the session's own user's history. Crash safety: an append
 * is one write of a whole line, so a crash leaves at most a torn last line, which readers skip and
 * the next append terminates. An acknowledged entry survives the front-end's crash (it is in the
 * operating system's cache) but not necessarily a power loss: the append is not forced to disk,
 * because a force on every search cost more than the search (a history only re-ranks its owner's
 * results and is shown to its owner; the MAL log, a record others rely on, is forced).
 */
public final class SearchHistory {

    /** One history entry: a query the user ran, or a document the user opened. */
    public record Entry(Instant time, String query, String view) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String NAME = "history";
    /** How much of the end of a history is read: some thousands of recent entries. */
    static final int RECENT_BYTES = 256 * 1024;

    private final DataDir data;
    private final PolicyId policy;
    private final HistoryWrites writes;

    public SearchHistory(DataDir data, PolicyId policy) {
        this.data = data;
        this.policy = policy;
        this.writes = new HistoryWrites(data);
    }

    /** The history conduit of {@code user}. */
    public Conduit conduit(String user) {
        String name = "profile/" + user + "/" + NAME;
        return new Conduit(name, name, user, policy);
    }

    /**
     * Appends a query the session's user ran to that user's own history; {@code gate} (the session's task) must
     * allow the append. The history written is always the session's principal's: no caller names another.
     */
    public void recordQuery(AccessGate gate, Session session, String query) throws IOException {
        append(gate, session, new Entry(Instant.now(), query, null));
    }

    /** Appends that the session's user opened document {@code id}, to that user's own history. */
    public void recordView(AccessGate gate, Session session, String id) throws IOException {
        append(gate, session, new Entry(Instant.now(), null, id));
    }

    /**
     * The complete entries of {@code user}'s history, oldest first, read through {@code gate}: the
     * entries in the last {@link #RECENT_BYTES} bytes of the file, so a long history costs no more to
     * read than a recent one.
     */
    public List<Entry> read(AccessGate gate, String user) throws IOException {
        gate.read(conduit(user));
        Path file = file(user);
        byte[] bytes;
        boolean partialFirstLine;
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = in.size();
            long from = Math.max(0, size - RECENT_BYTES);
            ByteBuffer buffer = ByteBuffer.allocate((int) (size - from));
            while (buffer.hasRemaining() && in.read(buffer, from + buffer.position()) >= 0) {
                // read until full
            }
            bytes = buffer.array();
            partialFirstLine = from > 0;
        } catch (NoSuchFileException e) {
            return List.of();
        }
        List<Entry> entries = new ArrayList<>();
        String text = new String(bytes, StandardCharsets.UTF_8);
        // Starting mid-file, the first line is the tail of an older entry.
        int start = partialFirstLine ? text.indexOf('\n') + 1 : 0;
        if (partialFirstLine && start == 0) {
            return List.of();
        }
        for (int nl = text.indexOf('\n', start); nl >= 0; start = nl + 1, nl = text.indexOf('\n', start)) {
            String line = text.substring(start, nl);
            if (line.isBlank()) {
                continue;
            }
            try {
                JsonNode node = JSON.readTree(line);
                entries.add(new Entry(Instant.parse(node.path("time").asText()), text(node, "query"), text(node, "view")));
            } catch (JsonProcessingException | DateTimeParseException e) {
                // A torn line from a crash, completed by the next append's newline: not an entry.
            }
        }
        return entries;
    }

    /**
     * One crossing of an entry to the session user's history conduit: checked by the session's gate and written in
     * the same step ({@link AccessGate#deliver}), the file being that conduit's own.
     */
    private void append(AccessGate gate, Session session, Entry entry) throws IOException {
        String user = session.principal();
        ObjectNode node = JSON.createObjectNode().put("time", entry.time().toString());
        if (entry.query() != null) {
            node.put("query", entry.query());
        }
        if (entry.view() != null) {
            node.put("view", entry.view());
        }
        byte[] line = (JSON.writeValueAsString(node) + "\n").getBytes(StandardCharsets.UTF_8);
        gate.deliver(conduit(user), session, Payload.append(), () -> appendLine(user, line));
    }

    /** The line appended under the lock that a disguise's rewrite of the same history takes ({@link HistoryWrites}). */
    private void appendLine(String user, byte[] line) throws IOException {
        writes.append(user, line);
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    private Path file(String user) {
        return data.profile(user).resolve(NAME);
    }
}
