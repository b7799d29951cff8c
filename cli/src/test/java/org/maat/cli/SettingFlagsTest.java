package org.maat.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.maat.core.InvalidSettingException;

class SettingFlagsTest {

    private final SettingFlags flags = SettingFlags.of("users", "--users", "MAL accesses", "--mal-accesses");

    @Test
    void aSettingIsNamedByItsFlagWithTheDomainsReason() {
        IllegalArgumentException named = flags.name(new InvalidSettingException("MAL accesses", "must not be negative"));
        assertThat(named).hasMessage("--mal-accesses must not be negative")
                .hasCauseInstanceOf(InvalidSettingException.class);
    }

    @Test
    void aSettingWithoutAFlagKeepsItsDomainName() {
        InvalidSettingException e = new InvalidSettingException("regions", "must be at least 1");
        assertThat(flags.name(e)).isSameAs(e).hasMessage("regions must be at least 1");
    }
}
