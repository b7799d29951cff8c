package org.maat.vault.acs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.maat.vault.StrictJson;
import org.maat.vault.token.Refusal;

/** Reading the access-control server's JSON documents, every defect a 400 with the caller's code. */
final class Json {

    static final ObjectMapper MAPPER = StrictJson.mapper();

    private Json() {
    }

    static String text(JsonNode node, String field, String code) {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual()) {
            throw bad(code, "'" + field + "' must be text in " + node);
        }
        return value.textValue();
    }

    static Refusal bad(String code, String message) {
        return Refusal.badRequest(code, message);
    }

    /** Reads a document this server stored; a defect there is the store's, not the client's. */
    static JsonNode stored(String document) {
        try {
            return MAPPER.readTree(document);
        } catch (IOException e) {
            throw new UncheckedIOException("a stored document is not JSON: " + document, e);
        }
    }
}
