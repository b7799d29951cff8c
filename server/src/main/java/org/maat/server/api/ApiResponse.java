package org.maat.server.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/** One JSON API answer: its HTTP status and parsed body (an empty object when it had none). */
public record ApiResponse(int status, JsonNode body) {

    public boolean ok() {
        return status / 100 == 2;
    }

    /** The {@code message} of an error body, or empty text. */
    public String message() {
        return body.path("message").asText("");
    }

    /** The ids of a search answer's hits, best first. */
    public List<String> hitIds() {
        List<String> ids = new ArrayList<>();
        body.path("hits").forEach(hit -> ids.add(hit.path("id").asText()));
        return ids;
    }

    /** The titles of a search answer's hits, best first. */
    public List<String> hitTitles() {
        List<String> titles = new ArrayList<>();
        body.path("hits").forEach(hit -> titles.add(hit.path("title").asText()));
        return titles;
    }
}
