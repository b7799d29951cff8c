package org.maat.vault.acs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.Set;

/**
 * A verifier module open from {@code from} (inclusive) to {@code to} (exclusive), UTC; when {@code to} is before
 * {@code from} the window wraps midnight (22:00-06:00 is open at 23:30 and at 05:59).
 */
record TimeWindow(LocalTime from, LocalTime to) implements VerifierModule {

    private static final DateTimeFormatter HH_MM = DateTimeFormatter.ofPattern("HH:mm");

    TimeWindow {
        if (from.equals(to)) {
            throw Json.bad("bad-verifier", "a time window from " + from + " to the same time is ambiguous");
        }
    }

    static TimeWindow parse(JsonNode node) {
        return new TimeWindow(time(Json.text(node, "from", "bad-verifier")), time(Json.text(node, "to", "bad-verifier")));
    }

    @Override
    public boolean isClosed(Instant now) {
        return !isOpen(now);
    }

    @Override
    public Optional<String> awaitedAccount(Set<String> approved) {
        return Optional.empty();
    }

    @Override
    public Set<String> accounts() {
        return Set.of();
    }

    boolean isOpen(Instant now) {
        LocalTime time = LocalTime.ofInstant(now, ZoneOffset.UTC);
        if (from.isBefore(to)) {
            return !time.isBefore(from) && time.isBefore(to);
        }
        return !time.isBefore(from) || time.isBefore(to);
    }

    @Override
    public ObjectNode toJson() {
        return JsonNodeFactory.instance.objectNode().put("type", "time-window")
                .put("from", HH_MM.format(from)).put("to", HH_MM.format(to));
    }

    private static LocalTime time(String text) {
        try {
            return LocalTime.parse(text, HH_MM);
        } catch (DateTimeParseException e) {
            throw Json.bad("bad-verifier", "a time window's times are HH:MM (UTC), not '" + text + "'");
        }
    }
}
