package org.maat.policy;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * Who is asking, from where and when: the authenticated principal (null for an anonymous
 * session), the client's region (null when unknown), the session clock and free-form attributes.
 * Sessions are values; the front-end authenticates them, the monitor only reads them.
 */
public record Session(String principal, String region, Instant time, Map<String, String> attributes) {

    public Session {
        Objects.requireNonNull(time, "time");
        attributes = Map.copyOf(attributes);
    }

    public static Session of(String principal, String region) {
        return new Session(principal, region, Instant.now(), Map.of());
    }

    public static Session of(String principal) {
        return of(principal, null);
    }

    @Override
    public String toString() {
        return (principal == null ? "anonymous" : principal) + (region == null ? "" : "@" + region);
    }
}
