package org.maat.vault.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class TokenCacheTest {

    private final TokenCache cache = new TokenCache();
    private final Instant now = Instant.ofEpochSecond(1_000_000);

    @Test
    void aTokenIsReusedUntilShortlyBeforeItExpires() {
        cache.put(1, "collection:erp", "read", "T", now.getEpochSecond() + 300);
        assertThat(cache.get(1, "collection:erp", "read", now)).hasValue("T");
        assertThat(cache.get(1, "collection:erp", "read", now.plusSeconds(300 - TokenCache.MARGIN_SECONDS - 1)))
                .hasValue("T");
        assertThat(cache.get(1, "collection:erp", "read", now.plusSeconds(300 - TokenCache.MARGIN_SECONDS))).isEmpty();
    }

    @Test
    void tokensAreKeptPerServerObjectAndAction() {
        cache.put(1, "collection:erp", "read", "T", now.getEpochSecond() + 300);
        assertThat(cache.get(2, "collection:erp", "read", now)).isEmpty();
        assertThat(cache.get(1, "collection:hr", "read", now)).isEmpty();
        assertThat(cache.get(1, "collection:erp", "write", now)).isEmpty();
    }

    @Test
    void forgettingDropsEveryServersToken() {
        cache.put(1, "collection:erp", "read", "A", now.getEpochSecond() + 300);
        cache.put(2, "collection:erp", "read", "B", now.getEpochSecond() + 300);
        cache.put(2, "collection:erp", "write", "C", now.getEpochSecond() + 300);
        cache.forget("collection:erp", "read");
        assertThat(cache.get(1, "collection:erp", "read", now)).isEmpty();
        assertThat(cache.get(2, "collection:erp", "read", now)).isEmpty();
        assertThat(cache.get(2, "collection:erp", "write", now)).hasValue("C");
    }
}
