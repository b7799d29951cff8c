package org.maat.core.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;
import org.maat.policy.lang.AtRestStrength;

/**
 * The policy language orders ciphers by a table of names ({@link AtRestStrength}: policy depends on no cipher
 * code); the registry orders them by {@link AtRestCipher#strength()}. They must agree, or a policy's
 * {@code atRestAtLeast} would accept a weaker cipher than it names.
 */
class CipherStrengthOrderTest {

    @Test
    void everyRegisteredCipherIsRankedByThePolicyTableAsTheRegistryRanksIt() {
        List<AtRestCipher> registry = Ciphers.all();
        for (AtRestCipher c : registry) {
            assertThat(AtRestStrength.isKnown(c.name())).as(c.name() + " is missing from AtRestStrength").isTrue();
        }
        for (AtRestCipher a : registry) {
            for (AtRestCipher b : registry) {
                assertThat(AtRestStrength.atLeast(a.name(), b.name())).as(a.name() + " at least " + b.name())
                        .isEqualTo(a.strength() >= b.strength());
            }
        }
    }

    @Test
    void thePolicyTableNamesNoCipherTheRegistryLacksBeyondTheRegisteredOnes() {
        // The table may name ciphers still being registered (Freestyle arrives in its own change), but a name the
        // registry has must sit at the registry's rank: none first, then the registry's order.
        List<String> registered = Ciphers.all().stream().map(AtRestCipher::name).toList();
        List<String> table = AtRestStrength.names().stream().filter(registered::contains).toList();
        assertThat(table).isEqualTo(registered);
        assertThat(AtRestStrength.rank(AtRestStrength.NONE)).isZero();
    }
}
