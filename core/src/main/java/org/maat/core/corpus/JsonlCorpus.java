package org.maat.core.corpus;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.maat.core.conduit.ScanMode;

/**
 * A JSON Lines corpus: one object per line with a string {@code title} and {@code body}, an optional
 * {@code id} (string or number) and {@code date}. Blank lines are allowed; anything else that is not
 * such an object is a bad record, reported with its line number.
 */
public final class JsonlCorpus implements Corpus {

    private static final ObjectMapper JSON = new ObjectMapper();

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
        return new LineCorpusReader(file.toString(), Files.newBufferedReader(file, StandardCharsets.UTF_8), mode,
                skipped) {
            @Override
            CorpusEntry parse(String line) throws BadLine {
                if (line.isBlank()) {
                    return null;
                }
                JsonNode node;
                try {
                    node = JSON.readTree(line);
                } catch (JsonProcessingException e) {
                    throw new BadLine("not JSON (column " + e.getLocation().getColumnNr() + "): "
                            + e.getOriginalMessage());
                }
                if (node == null || !node.isObject()) {
                    throw new BadLine("expected a JSON object {\"id\", \"title\", \"body\"}");
                }
                return new CorpusEntry(scalar(node, "id", false), scalar(node, "title", true),
                        scalar(node, "date", false), scalar(node, "body", true));
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
