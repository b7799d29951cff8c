package org.maat.frontend.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.LinkedHashMap;
import java.util.Map;
import org.maat.disguise.Receipt;

/** A receipt as the user downloads it: JSON with the locator in its text form. */
final class ReceiptJson {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ReceiptJson() {
    }

    static Map<String, Object> of(Receipt receipt) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("disguise", receipt.disguise());
        body.put("principal", receipt.principal());
        body.put("locator", receipt.locator().toText());
        body.put("applied", receipt.applied().toString());
        body.put("changes", receipt.changes());
        body.put("pseudoprincipals", receipt.pseudoprincipals());
        return body;
    }

    static String text(Map<String, Object> receipt) {
        try {
            return JSON.writeValueAsString(receipt) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a map of strings and numbers always serializes", e);
        }
    }
}
