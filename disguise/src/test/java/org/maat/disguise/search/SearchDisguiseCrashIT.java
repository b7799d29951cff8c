package org.maat.disguise.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.policy.KilledChild;

/**
 * SIGKILL during a search disguise's apply and reveal: a child JVM ({@link DisguiseCrashChild}) is
 * killed right after a chosen step; opening the data again rolls the journal forward. The state, read
 * whole ({@link SearchFixture.Live#dump}), must then be exactly the state before the call (killed
 * before the journal entry was written) or exactly the state after it (killed at any later point), the
 * latter taken from an uninterrupted run on a copy of the same data.
 */
class SearchDisguiseCrashIT {

    /** One key for the class, so that the state of an uninterrupted run is computed once per disguise. */
    private static final PrivateKey KEY = PrincipalKeys.generate();
    private static final java.util.Map<String, String> REFERENCES = new java.util.concurrent.ConcurrentHashMap<>();

    @TempDir
    Path dir;

    @ParameterizedTest(name = "anonymize killed after {0}")
    @ValueSource(strings = {"planned", "journaled", "policies", "index", "account", "roles", "manifest", "profile", "histories", "completed"})
    void anApplyKilledAtAnyStepReopensBeforeOrAfter(String step) throws Exception {
        PrivateKey key = KEY;
        String after = reference(dir.resolve("reference"), key, "apply-anonymize");
        SearchFixture f = SearchFixture.copy(dir.resolve("crash"));
        String before = registered(f, key);
        kill(f, "apply-anonymize", key, null, step);
        try (SearchFixture.Live live = f.open()) {
            assertThat(live.dump(true)).isEqualTo(step.equals("planned") ? before : after);
        }
    }

    @ParameterizedTest(name = "delete killed after {0}")
    @ValueSource(strings = {"planned", "journaled", "erased", "policies", "index", "account", "roles", "manifest", "profile", "histories", "completed"})
    void aDeleteKilledAtAnyStepReopensBeforeOrAfter(String step) throws Exception {
        PrivateKey key = KEY;
        String after = reference(dir.resolve("reference"), key, "apply-delete");
        SearchFixture f = SearchFixture.copy(dir.resolve("crash"));
        String before = registered(f, key);
        kill(f, "apply-delete", key, null, step);
        try (SearchFixture.Live live = f.open()) {
            assertThat(live.dump(true)).isEqualTo(step.equals("planned") ? before : after);
        }
    }

    @ParameterizedTest(name = "reveal of a deletion killed after {0}")
    @ValueSource(strings = {"planned", "journaled", "policies", "restored", "index", "account", "roles", "manifest", "profile", "histories", "completed"})
    void aRevealKilledAtAnyStepReopensBeforeOrAfter(String step) throws Exception {
        PrivateKey key = PrincipalKeys.generate();
        SearchFixture f = SearchFixture.copy(dir.resolve("crash"));
        String original = registered(f, key);
        Receipt receipt;
        String disguised;
        try (SearchFixture.Live live = f.open()) {
            receipt = live.disguises.apply(SearchDisguisesTest.DELETE, f.user, PrincipalProof.none());
            disguised = live.dump(true);
        }
        kill(f, "reveal", key, receipt, step);
        try (SearchFixture.Live live = f.open()) {
            assertThat(live.dump(true)).isEqualTo(step.equals("planned") ? disguised : original);
        }
    }

    /** The state after an uninterrupted run of {@code mode} on a fresh copy. */
    private String reference(Path at, PrivateKey key, String mode) throws Exception {
        String known = REFERENCES.get(mode);
        if (known != null) {
            return known;
        }
        String state = run(at, key, mode);
        REFERENCES.put(mode, state);
        return state;
    }

    private static String run(Path at, PrivateKey key, String mode) throws Exception {
        SearchFixture f = SearchFixture.copy(at);
        registered(f, key);
        try (SearchFixture.Live live = f.open()) {
            live.disguises.apply(mode.equals("apply-delete") ? SearchDisguisesTest.DELETE : SearchDisguisesTest.ANONYMIZE,
                    f.user, PrincipalProof.none());
            return live.dump(true);
        }
    }

    /** Registers the user's key and returns the state then. */
    private static String registered(SearchFixture f, PrivateKey key) throws Exception {
        try (SearchFixture.Live live = f.open()) {
            live.disguises.register(f.user, key.publicKey());
            return live.dump(true);
        }
    }

    private void kill(SearchFixture f, String mode, PrivateKey key, Receipt receipt, String step) throws Exception {
        Path keyFile = Files.writeString(f.root.resolve("key.txt"), key.toText());
        Path locatorFile = Files.writeString(f.root.resolve("locator.txt"),
                receipt == null ? "" : receipt.locator().toText());
        KilledChild.killWhenPrinted(DisguiseCrashChild.class, List.of(mode, f.data.root().toString(),
                f.index.root().toString(), f.user, keyFile.toString(), locatorFile.toString(), step),
                f.root.resolve("child.err"), step);
    }
}
