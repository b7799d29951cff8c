package org.maat.disguise;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Set;
import org.maat.disguise.store.Locator;

/**
 * A {@link Receipt} as the JSON the user keeps: written by the command line to a new owner-only file
 * (never over an existing one: a receipt lost is a disguise that cannot be revealed), offered by the
 * front-end for download, and read back for a reveal. Fields: {@code disguise}, {@code principal},
 * {@code locator} (text form), {@code applied} (ISO-8601 instant), {@code changes}, {@code pseudoprincipals}.
 */
public final class ReceiptFile {

    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_TRAILING_TOKENS, true);
    private static final Set<String> FIELDS = Set.of("disguise", "principal", "locator", "applied", "changes",
            "pseudoprincipals");

    private ReceiptFile() {
    }

    /** The receipt's JSON text (one object, pretty-printed, ending in a newline). */
    public static String text(Receipt r) {
        ObjectNode o = JSON.createObjectNode();
        o.put("disguise", r.disguise());
        o.put("principal", r.principal());
        o.put("locator", r.locator().toText());
        o.put("applied", r.applied().toString());
        o.put("changes", r.changes());
        o.put("pseudoprincipals", r.pseudoprincipals());
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(o) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a receipt is always JSON", e);
        }
    }

    /**
     * Parses a receipt's JSON text.
     *
     * @throws IllegalArgumentException saying what is wrong (not JSON, a missing or unknown field, a bad locator)
     */
    public static Receipt parse(String text) {
        JsonNode n;
        try {
            n = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a receipt: not JSON (" + e.getOriginalMessage() + ")");
        }
        if (n == null || !n.isObject()) {
            throw new IllegalArgumentException("not a receipt: expected a JSON object");
        }
        n.fieldNames().forEachRemaining(f -> {
            if (!FIELDS.contains(f)) {
                throw new IllegalArgumentException("not a receipt: unknown field \"" + f + "\"");
            }
        });
        try {
            return new Receipt(field(n, "disguise").asText(), field(n, "principal").asText(),
                    Locator.parse(field(n, "locator").asText()), Instant.parse(field(n, "applied").asText()),
                    number(n, "changes"), number(n, "pseudoprincipals"));
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("not a receipt: \"applied\" is not an ISO-8601 instant");
        }
    }

    /** Writes {@code receipt} to a new file readable by its owner only; fails, naming the file, if it exists. */
    public static void write(Path file, Receipt receipt) throws IOException {
        byte[] bytes = text(receipt).getBytes(StandardCharsets.UTF_8);
        try (OutputStream out = Files.newOutputStream(create(file), StandardOpenOption.WRITE)) {
            out.write(bytes);
        }
    }

    public static Receipt read(Path file) throws IOException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(file.toString(), null, "no such receipt file");
        }
        try {
            return parse(text);
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": " + e.getMessage());
        }
    }

    /** Creates the file with owner-only permissions from the start (no window in which others may read it). */
    private static Path create(Path file) throws IOException {
        try {
            try {
                FileAttribute<?> ownerOnly = PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
                return Files.createFile(file, ownerOnly);
            } catch (UnsupportedOperationException e) {
                return Files.createFile(file); // not a POSIX file system: the user's own directory protects it
            }
        } catch (FileAlreadyExistsException e) {
            throw new FileAlreadyExistsException(file.toString(), null, "a receipt file is never overwritten");
        }
    }

    private static JsonNode field(JsonNode n, String name) {
        JsonNode v = n.get(name);
        if (v == null || v.isNull()) {
            throw new IllegalArgumentException("not a receipt: missing \"" + name + "\"");
        }
        return v;
    }

    private static int number(JsonNode n, String name) {
        JsonNode v = field(n, name);
        if (!v.isInt()) {
            throw new IllegalArgumentException("not a receipt: \"" + name + "\" is not a whole number");
        }
        return v.intValue();
    }
}
