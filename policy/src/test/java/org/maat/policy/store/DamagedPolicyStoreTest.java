package org.maat.policy.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.h2.mvstore.MVStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.policy.Conduit;
import org.maat.policy.facts.Fact;
import org.maat.policy.lang.PolicyId;

/** A policy store file damaged on disk is refused by name by every way of opening it, and never written. */
class DamagedPolicyStoreTest {

    private static final String PRIVATE = "read :- sKeyIs(this.owner);";
    private static final PolicyId PRIVATE_ID = PolicyId.ofCanonicalText(PRIVATE);
    private static final int BATCHES = 40;

    @TempDir
    Path dir;

    /** A compacted store of {@link #BATCHES} batches, as {@code maat generate} leaves one. */
    private Path written() {
        Path file = dir.resolve("policy.db");
        try (PolicyStore store = PolicyStore.open(file)) {
            store.batch().putPolicy(PRIVATE_ID, PRIVATE).commit();
            for (int b = 1; b < BATCHES; b++) {
                Batch batch = store.batch();
                for (int i = 0; i < 200; i++) {
                    String id = "d" + (b * 200 + i);
                    batch.putConduit(new Conduit(id, "docs/" + id, "u" + i, PRIVATE_ID, Map.of("template", "private")));
                    batch.addFact(Fact.of("friend", "u" + i, "u" + (b + i)));
                }
                batch.commit();
            }
            store.compact(10_000);
        }
        return file;
    }

    private static void cutToHalf(Path file) throws IOException {
        try (FileChannel c = FileChannel.open(file, StandardOpenOption.WRITE)) {
            c.truncate(c.size() / 2);
        }
    }

    /** Opens {@code file} and reads everything in it; what a damaged file does is fail, never return. */
    private static long readAll(Function<Path, PolicyStore> opener, Path file) {
        try (PolicyStore store = opener.apply(file);
                Stream<Conduit> conduits = store.conduits();
                Stream<Fact> facts = store.storedFacts()) {
            return store.commitCount() * 1_000_000 + conduits.count() + facts.count();
        }
    }

    @Test
    void aStoreCutToHalfNeverPassesAsCompleteAndNoOpenerWritesIt() throws IOException {
        Path file = written();
        assertThat(readAll(PolicyStore::openReadOnly, file)).isEqualTo(BATCHES * 1_000_000L + 2 * 7_800);
        cutToHalf(file);
        byte[] before = Files.readAllBytes(file);
        for (Function<Path, PolicyStore> opener : List.<Function<Path, PolicyStore>>of(
                PolicyStore::openReadOnly, PolicyStore::openSnapshot, PolicyStore::open)) {
            long[] read = {-1};
            Throwable thrown = catchThrowable(() -> read[0] = readAll(opener, file));
            // MVStore opens the newest chunk it can read: an older commit, read in full, or the damage is met.
            if (thrown == null) {
                assertThat(read[0] / 1_000_000).as("commit count").isLessThan(BATCHES);
            } else {
                assertThat(thrown).isInstanceOf(PolicyStoreException.class)
                        .hasMessageStartingWith("damaged store: " + file + ": ");
            }
            assertThat(Arrays.equals(Files.readAllBytes(file), before)).as("bytes unchanged after opening and closing")
                    .isTrue();
        }
    }

    @Test
    void aFileWithoutThePolicyStoreMapsIsDamagedNotANewStore() throws IOException {
        Path file = dir.resolve("policy.db");
        MVStore other = new MVStore.Builder().fileName(file.toString()).open();
        other.openMap("conduits").put("d1", "x");
        other.commit();
        other.close();
        byte[] before = Files.readAllBytes(file);
        assertThatThrownBy(() -> PolicyStore.open(file)).hasMessageStartingWith("damaged store: " + file
                + ": it holds no policy store (MVStore finds only maps [conduits])");
        assertThatThrownBy(() -> PolicyStore.openReadOnly(file)).hasMessageStartingWith("damaged store: " + file);
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
    }

    @Test
    void aStoreMissingOneOfItsMapsIsDamaged() throws IOException {
        Path file = written();
        MVStore raw = new MVStore.Builder().fileName(file.toString()).open();
        raw.removeMap(StoreMaps.FACTS);
        raw.commit();
        raw.close();
        assertThatThrownBy(() -> PolicyStore.openReadOnly(file))
                .hasMessageStartingWith("damaged store: " + file + ": its map 'facts' is missing");
        assertThatThrownBy(() -> PolicyStore.open(file)).hasMessageContaining("its map 'facts' is missing");
    }

    @Test
    void aReadOnlyStoreRefusesBatches() {
        Path file = written();
        try (PolicyStore store = PolicyStore.openReadOnly(file)) {
            assertThat(store.conduitCount()).isEqualTo(7_800);
            assertThatThrownBy(store::batch).hasMessageContaining("is open read-only");
        }
    }
}
