package org.maat.vault.token;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ObjectNamesTest {

    @Test
    void namesStartingWithADotAreRefusedBecausePathNormalisationWouldEatThem() {
        for (String name : List.of(".", "..", "...", ".hidden", "", "a/b", "a\\b", "x".repeat(65))) {
            assertThatThrownBy(() -> ObjectNames.checkName("secret", name)).as("'%s'", name)
                    .isInstanceOfSatisfying(Refusal.class, r -> assertThat(r.code()).isEqualTo("bad-name"));
        }
        assertThatThrownBy(() -> ObjectNames.checkObject("collection:..")).isInstanceOf(Refusal.class);
    }

    @Test
    void dotsInsideOrAtTheEndOfANameAreFine() {
        for (String name : List.of("a.b", "a..", "_.", "-", "v1.2", "x".repeat(64))) {
            assertThat(ObjectNames.checkName("secret", name)).isEqualTo(name);
        }
        assertThat(ObjectNames.collection("erp.2026")).isEqualTo("collection:erp.2026");
    }
}
