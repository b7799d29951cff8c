package org.maat.vault.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.security.MessageDigest;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;
import org.maat.vault.Sha256;

/**
 * A share as the storage server keeps it (PROTOCOL.md, {@code PUT /ss/collections/{c}/secrets/{s}}):
 * {@code {"index", "k", "n", "share": BASE64, "digest": HEX SHA-256 of the share bytes, "put": ID}}, and the
 * storing client's signature ({@link ShareSignatures}). Reading one back
 * checks the digest, so a share damaged at rest is reported as such rather than as a disagreeing share.
 */
public final class ShareRecord {

    private ShareRecord() {}

    /** The JSON body that stores {@code share}. */
    public static ObjectNode toJson(Share share) {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.put("index", share.index());
        body.put("k", share.k());
        body.put("n", share.n());
        body.put("share", Base64.getEncoder().encodeToString(share.bytes()));
        body.put("digest", share.digest());
        body.put("put", share.put());
        return body;
    }

    /**
     * The share in a stored record.
     *
     * @throws IllegalArgumentException saying what is wrong (a missing field, bad Base64, a digest that
     *     does not match the share bytes), for the client to report with the server's id
     */
    public static Share fromJson(JsonNode record) {
        for (String field : new String[] {"index", "k", "n", "share", "digest"}) {
            if (record == null || !record.hasNonNull(field)) {
                throw new IllegalArgumentException("its share record has no '" + field + "'");
            }
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(record.get("share").asText());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("its share is not Base64: " + e.getMessage());
        }
        String stored = record.get("digest").asText().toLowerCase(Locale.ROOT);
        String actual = Sha256.hex(bytes);
        if (!MessageDigest.isEqual(stored.getBytes(StandardCharsets.US_ASCII),
                actual.getBytes(StandardCharsets.US_ASCII))) {
            throw new IllegalArgumentException("its share fails its digest (stored " + abbreviate(stored)
                    + ", share bytes hash to " + abbreviate(actual) + "): damaged at rest or in transit");
        }
        return new Share(record.get("index").asInt(), record.get("k").asInt(), record.get("n").asInt(), bytes,
                record.path("put").asText(""));
    }

    private static String abbreviate(String hex) {
        return hex.length() > 12 ? hex.substring(0, 12) + "…" : hex;
    }
}
