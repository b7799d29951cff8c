package org.maat.core.shard;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The shard protocol's wire format, shared by the shard server and {@link ShardClient}:
 * <pre>
 * POST /shard/search   {"user":"u1","region":"r0","query":"budget","k":10}
 *   200 {"shard":0,"hits":[{"id":"d12","score":1.5}]}
 *   400 {"error":"bad-request","message":...}   the request is malformed or out of bounds
 *   401 {"error":"unauthenticated","message":...} no front-end credential ({@link ShardRequestAuth})
 *   403 {"error":"forbidden","message":...}     a wrong, stale or replayed front-end credential
 *   403 {"error":"refused","message":...}       the shard's monitor refused (its explanation)
 *   500 {"error":"failed","message":...}        the shard failed; another replica may answer
 *   503 {"error":"unavailable","message":...}   the shard is overloaded; another replica may answer
 *   503 {"error":"timed-out","message":...}     the query ran past its time budget (not retried)
 * </pre>
 * Requests are read strictly: unknown fields, wrong types or bounds ({@link ShardQuery}) are a bad
 * request with a message saying what is wrong. Thread-safe.
 */
public final class ShardProtocol {

    public static final String SEARCH_PATH = "/shard/search";
    public static final String CONTENT_TYPE = "application/json";
    /** Largest request body a shard reads: a query is at most 1,000 characters. */
    public static final int MAX_REQUEST_BYTES = 16 * 1024;

    public static final String BAD_REQUEST = "bad-request";
    public static final String REFUSED = "refused";
    public static final String FAILED = "failed";
    public static final String TIMED_OUT = "timed-out";

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    /** The body of an error response. */
    public record Error(String error, String message) {
    }

    private ShardProtocol() {
    }

    public static byte[] writeQuery(ShardQuery query) {
        return write(query);
    }

    /**
     * Reads a request body (at most {@link #MAX_REQUEST_BYTES}).
     *
     * @throws IllegalArgumentException saying what is wrong with a malformed or out-of-bounds request
     */
    public static ShardQuery readQuery(InputStream body) throws IOException {
        byte[] bytes = body.readNBytes(MAX_REQUEST_BYTES + 1);
        if (bytes.length > MAX_REQUEST_BYTES) {
            throw new IllegalArgumentException("the request body is longer than " + MAX_REQUEST_BYTES + " bytes");
        }
        try {
            ShardQuery query = JSON.readValue(bytes, ShardQuery.class);
            if (query == null) {
                throw new IllegalArgumentException("the request body is empty; expected "
                        + "{\"user\":..,\"region\":..,\"query\":..,\"k\":..}");
            }
            return query;
        } catch (ValueInstantiationException e) {
            Throwable cause = e.getCause();
            throw new IllegalArgumentException(cause instanceof IllegalArgumentException ? cause.getMessage()
                    : "malformed shard request: " + e.getOriginalMessage());
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("malformed shard request: " + e.getOriginalMessage());
        }
    }

    public static byte[] writeResult(ShardResult result) {
        return write(result);
    }

    /** Reads a 200 response body; a malformed one is an I/O error (the shard misbehaved). */
    public static ShardResult readResult(byte[] body) throws IOException {
        try {
            ShardResult result = JSON.readValue(body, ShardResult.class);
            if (result == null) {
                throw new IOException("empty shard response");
            }
            return result;
        } catch (JsonProcessingException | IllegalArgumentException | NullPointerException e) {
            throw new IOException("malformed shard response: " + e.getMessage(), e);
        }
    }

    public static byte[] writeError(String code, String message) {
        return write(new Error(code, message));
    }

    /** The code of an error response ({@link #TIMED_OUT}, ...), or null when the body is not one. */
    public static String readErrorCode(byte[] body) {
        try {
            Error error = JSON.readValue(body, Error.class);
            return error == null ? null : error.error();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The message of an error response, or the raw body when it is not one. */
    public static String readErrorMessage(byte[] body) {
        try {
            Error error = JSON.readValue(body, Error.class);
            if (error != null && error.message() != null) {
                return error.message();
            }
        } catch (IOException | RuntimeException e) {
            // not our error format: show what came
        }
        return new String(body, java.nio.charset.StandardCharsets.UTF_8);
    }

    private static byte[] write(Object value) {
        try {
            return JSON.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
