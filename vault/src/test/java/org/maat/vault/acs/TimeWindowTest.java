package org.maat.vault.acs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.LocalTime;
import org.junit.jupiter.api.Test;
import org.maat.vault.token.Refusal;

class TimeWindowTest {

    @Test
    void aDaytimeWindowIncludesItsStartAndExcludesItsEnd() {
        TimeWindow office = new TimeWindow(LocalTime.of(9, 0), LocalTime.of(17, 30));
        assertThat(office.isOpen(at("08:59:59"))).isFalse();
        assertThat(office.isOpen(at("09:00:00"))).isTrue();
        assertThat(office.isOpen(at("17:29:59"))).isTrue();
        assertThat(office.isOpen(at("17:30:00"))).isFalse();
        assertThat(office.isOpen(at("23:00:00"))).isFalse();
    }

    @Test
    void aWindowThatWrapsMidnightIsOpenOnBothSides() {
        TimeWindow night = new TimeWindow(LocalTime.of(22, 0), LocalTime.of(6, 0));
        assertThat(night.isOpen(at("21:59:59"))).isFalse();
        assertThat(night.isOpen(at("22:00:00"))).isTrue();
        assertThat(night.isOpen(at("23:59:59"))).isTrue();
        assertThat(night.isOpen(at("00:00:00"))).isTrue();
        assertThat(night.isOpen(at("05:59:59"))).isTrue();
        assertThat(night.isOpen(at("06:00:00"))).isFalse();
        assertThat(night.isOpen(at("12:00:00"))).isFalse();
    }

    @Test
    void itsJsonRoundTripsAndBadTimesAreRefused() {
        TimeWindow night = new TimeWindow(LocalTime.of(22, 0), LocalTime.of(6, 5));
        assertThat(night.toJson().toString()).isEqualTo("{\"type\":\"time-window\",\"from\":\"22:00\",\"to\":\"06:05\"}");
        assertThat(VerifierModule.parse(night.toJson())).isEqualTo(night);
        assertThatThrownBy(() -> VerifierModule.parse(Json.stored("{\"type\":\"time-window\",\"from\":\"25:00\",\"to\":\"06:00\"}")))
                .isInstanceOfSatisfying(Refusal.class, r -> assertThat(r.code()).isEqualTo("bad-verifier"));
        assertThatThrownBy(() -> new TimeWindow(LocalTime.NOON, LocalTime.NOON)).isInstanceOf(Refusal.class);
    }

    private static Instant at(String time) {
        return Instant.parse("2026-11-25T" + time + "Z");
    }
}
