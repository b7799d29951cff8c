package org.maat.vault.token;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.maat.vault.StrictJson;

/**
 * A token's payload (PROTOCOL.md): issued by access-control server {@code issuer} to the client whose certificate
 * fingerprint is {@code subject}, allowing {@code action} on {@code object} until {@code expires} (epoch seconds);
 * {@code id} is random so two tokens never share a text.
 */
public record Token(int issuer, String object, Action action, String subject, long expires, String id) {

    private static final ObjectMapper JSON = StrictJson.mapper();

    /** The payload as the JSON the signature covers, fields in the protocol's order. */
    public byte[] payload() {
        ObjectNode node = JSON.createObjectNode();
        node.put("iss", issuer);
        node.put("obj", object);
        node.put("act", action.wireName());
        node.put("sub", subject);
        node.put("exp", expires);
        node.put("jti", id);
        return node.toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Reads a payload.
     *
     * @throws Refusal 401 {@code malformed-token} if it is not the protocol's JSON
     */
    public static Token parse(byte[] payload) {
        JsonNode node;
        try {
            node = JSON.readTree(payload);
        } catch (IOException e) {
            throw malformed("its payload is not JSON");
        }
        if (node == null || !node.isObject()) {
            throw malformed("its payload is not a JSON object");
        }
        JsonNode iss = node.get("iss");
        JsonNode exp = node.get("exp");
        if (iss == null || !iss.canConvertToInt() || !iss.isIntegralNumber()
                || exp == null || !exp.isIntegralNumber() || !exp.canConvertToLong()) {
            throw malformed("'iss' and 'exp' must be integers");
        }
        Action action;
        try {
            action = Action.parse(text(node, "act"));
        } catch (Refusal e) {
            throw malformed(e.getMessage());
        }
        return new Token(iss.intValue(), text(node, "obj"), action, text(node, "sub"), exp.longValue(), text(node, "jti"));
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual()) {
            throw malformed("its payload lacks the text field '" + field + "'");
        }
        return value.textValue();
    }

    static Refusal malformed(String why) {
        return Refusal.unauthorized("malformed-token", "a token is malformed: " + why);
    }
}
