package org.maat.core.corpus;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.maat.core.conduit.ScanMode;

/**
 * A JSON Lines corpus: one object per line with a non-empty {@code id} (string or number), a string
 * {@code title} and {@code body}, and an optional {@code date}. Blank lines are allowed; anything else
 * that is not exactly one such object (not UTF-8, not JSON, two values on a line, a field missing,
 * a line over {@link LineCorpusReader#MAX_RECORD_BYTES}) is a bad record, reported with its line number.
 */
public final class JsonlCorpus implements Corpus {

    /** Trailing tokens fail: a second object on a line is a bad record, not silently dropped. */
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private final String spec;
    private final Path file;

    JsonlCorpus(String spec, Path file) {
        this.spec = spec;
        this.file = file;
    }

    @Override
    public String spec() {
        return spec;
    }

    @Override
    public OptionalLong expectedDocuments() {
        return OptionalLong.empty();
    }

    @Override
    public CorpusReader open(ScanMode mode, Consumer<CorpusFormatException> skipped) throws IOException {
        return new LineCorpusReader(file.toString(), Files.newInputStream(file), mode, skipped) {
            @Override
            CorpusEntry parse(String line) throws BadLine {
                if (line.isBlank()) {
                    return null;
                }
                JsonNode node;
                try {
                    node = JSON.readTree(line);
                } catch (JsonProcessingException e) {
                    JsonLocation at = e.getLocation(); // null when Jackson reports no position
                    String reason = String.valueOf(e.getOriginalMessage());
                    if (reason.startsWith("Trailing token")) { // FAIL_ON_TRAILING_TOKENS, in Jackson's words
                        reason = "a second JSON value follows the first";
                    }
                    throw new BadLine("not one JSON object" + (at == null ? "" : " (column " + at.getColumnNr() + ")")
                            + ": " + reason);
                }
                if (node == null || !node.isObject()) {
                    throw new BadLine("expected a JSON object {\"id\", \"title\", \"body\"}");
                }
                String title = scalar(node, "title", true);
                String date = scalar(node, "date", false);
                String body = scalar(node, "body", true);
                String id = scalar(node, "id", true);
                if (id.isEmpty()) {
                    throw new BadLine("empty \"id\"");
                }
                return new CorpusEntry(id, title, date, body);
            }
        };
    }

    private static String scalar(JsonNode node, String field, boolean required) throws LineCorpusReader.BadLine {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            if (required) {
                throw new LineCorpusReader.BadLine("missing \"" + field + "\"");
            }
            return "";
        }
        if (!v.isTextual() && !v.isNumber()) {
            throw new LineCorpusReader.BadLine("\"" + field + "\" must be a string, found " + v.getNodeType());
        }
        return v.asText();
    }
}
