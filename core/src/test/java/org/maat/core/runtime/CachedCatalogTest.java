package org.maat.core.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.policy.Conduit;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.store.PolicyStore;

class CachedCatalogTest {

    @TempDir
    Path dir;

    @Test
    void aCommittedChangeIsSeenAtTheNextLookup() {
        try (PolicyStore store = PolicyStore.open(dir.resolve("p.db"))) {
            PolicyId first = new PolicyId(1);
            PolicyId second = new PolicyId(2);
            store.batch().putConduit(new Conduit("d1", "docs/1", "u1", first)).commit();
            CachedCatalog catalog = new CachedCatalog(store);
            assertThat(catalog.find("d1").orElseThrow().policy()).isEqualTo(first);
            assertThat(catalog.find("d2")).isEmpty();

            store.batch().putConduit(new Conduit("d1", "docs/1", "u2", second))
                    .putConduit(new Conduit("d2", "docs/2", "u1", first)).commit();
            assertThat(catalog.find("d1").orElseThrow().policy()).isEqualTo(second);
            assertThat(catalog.find("d1").orElseThrow().owner()).isEqualTo("u2");
            assertThat(catalog.find("d2")).isPresent();
        }
    }
}
