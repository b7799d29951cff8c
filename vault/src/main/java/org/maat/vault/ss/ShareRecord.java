package org.maat.vault.ss;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.Base64;
import java.util.Locale;
import org.maat.vault.Sha256;
import org.maat.vault.token.Refusal;

/**
 * One secret's share as a storage server keeps it: Shamir share {@code index} of a {@code k}-of-{@code n} split,
 * its bytes ({@code share}, base64) and their hex SHA-256 ({@code digest}), which the server checks on write,
 * and the storing client's put id and signature ({@code put}, {@code signer}, {@code signature}), which only
 * readers check: a server cannot forge them, only keep them.
 */
record ShareRecord(int index, int k, int n, String share, String digest, String put, String signer, String signature) {

    /** Bounds on the client's fields, which the server keeps and returns without interpreting them. */
    private static final int MAX_PUT = 64;
    private static final int MAX_SIGNER = 4_096;
    private static final int MAX_SIGNATURE = 256;

    /**
     * Reads and checks a share record from a write request.
     *
     * @throws Refusal 400 {@code bad-share} or {@code bad-digest}
     */
    static ShareRecord parse(JsonNode node) {
        if (node == null || !node.isObject()) {
            throw bad("a secret is {\"index\": X, \"k\": K, \"n\": N, \"share\": BASE64, \"digest\": HEX}");
        }
        int n = integer(node, "n", 1, 255);
        int k = integer(node, "k", 1, n);
        int index = integer(node, "index", 1, 255);
        JsonNode share = node.get("share");
        JsonNode digest = node.get("digest");
        if (share == null || !share.isTextual() || digest == null || !digest.isTextual()) {
            throw bad("'share' (base64) and 'digest' (hex SHA-256) must be text");
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(share.textValue());
        } catch (IllegalArgumentException e) {
            throw bad("'share' is not base64");
        }
        if (bytes.length == 0) {
            throw bad("'share' is empty");
        }
        String actual = Sha256.hex(bytes);
        String claimed = digest.textValue().toLowerCase(Locale.ROOT);
        if (!actual.equals(claimed)) {
            throw Refusal.badRequest("bad-digest", "the share's SHA-256 is " + actual + ", not the digest sent, "
                    + digest.textValue() + ": it was damaged on the way");
        }
        return new ShareRecord(index, k, n, share.textValue(), actual, optionalText(node, "put", MAX_PUT),
                optionalText(node, "signer", MAX_SIGNER), optionalText(node, "signature", MAX_SIGNATURE));
    }

    String toJson() {
        var node = JsonNodeFactory.instance.objectNode().put("index", index).put("k", k).put("n", n)
                .put("share", share).put("digest", digest);
        if (put != null) {
            node.put("put", put);
        }
        if (signer != null) {
            node.put("signer", signer);
        }
        if (signature != null) {
            node.put("signature", signature);
        }
        return node.toString();
    }

    private static String optionalText(JsonNode node, String field, int maxLength) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual() || value.textValue().length() > maxLength) {
            throw bad("'" + field + "' must be text of at most " + maxLength + " characters");
        }
        return value.textValue();
    }

    private static int integer(JsonNode node, String field, int min, int max) {
        JsonNode value = node.get(field);
        if (value == null || !value.isIntegralNumber() || !value.canConvertToInt()
                || value.intValue() < min || value.intValue() > max) {
            throw bad("'" + field + "' must be an integer " + min + ".." + max + ", not " + value);
        }
        return value.intValue();
    }

    private static Refusal bad(String message) {
        return Refusal.badRequest("bad-share", message);
    }
}
