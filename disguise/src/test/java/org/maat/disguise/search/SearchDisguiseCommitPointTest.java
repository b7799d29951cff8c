package org.maat.disguise.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.conduit.ConduitStoreEditor;
import org.maat.core.runtime.IndexUpdate;
import org.maat.core.task.Monitoring;
import org.maat.disguise.DisguiseException;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;

/**
 * Where an apply or reveal commits: a busy store refuses it before its journal entry (nothing changed,
 * the bag kept), a failure past the entry hands the receipt back and the change completes on the next
 * call. And a pseudoprincipal is disguised only with the user who speaks for it. Every outcome is
 * checked against a full dump of the stores.
 */
class SearchDisguiseCommitPointTest {

    @TempDir
    Path dir;

    @Test
    void anApplyRefusedByAHeldConduitStoreChangesNothing() throws Exception {
        SearchFixture f = SearchFixture.copy(dir);
        try (SearchFixture.Live live = f.open()) {
            live.disguises.register(f.user, PrincipalKeys.generate().publicKey());
            String before = live.dump(false);
            try (ConduitStoreEditor held = live.data.editDocuments()) {
                assertThatThrownBy(() -> live.disguises.apply(SearchDisguisesTest.DELETE, f.user, PrincipalProof.none()))
                        .isInstanceOf(DisguiseException.class).isNotInstanceOf(CommittedDisguiseException.class)
                        .hasMessageContaining("nothing changed");
            }
            assertThat(live.dump(false)).isEqualTo(before);
            assertThat(live.disguises.bags()).isZero();
            live.disguises.apply(SearchDisguisesTest.DELETE, f.user, PrincipalProof.none());
            assertThat(live.signsIn(f.user)).as("applied once the store is free").isFalse();
        }
    }

    @Test
    void aRevealRefusedByAHeldIndexKeepsTheBagForARetry() throws Exception {
        SearchFixture f = SearchFixture.copy(dir);
        PrivateKey key = PrincipalKeys.generate();
        try (SearchFixture.Live live = f.open()) {
            live.disguises.register(f.user, key.publicKey());
            String before = live.dump(false);
            Receipt receipt = live.disguises.apply(SearchDisguisesTest.ANONYMIZE, f.user, PrincipalProof.none());
            String anonymized = live.dump(false);
            try (IndexUpdate held = IndexUpdate.open(live.data, f.index, Monitoring.REFERENCE_MONITOR)) {
                assertThatThrownBy(() -> live.disguises.reveal(receipt.locator(), key))
                        .isInstanceOf(DisguiseException.class).hasMessageContaining("the bag is kept");
            }
            assertThat(live.dump(false)).isEqualTo(anonymized);
            live.disguises.reveal(receipt.locator(), key);
            assertThat(live.dump(false)).isEqualTo(before);
        }
    }

    @Test
    void anApplyFailingPastItsCommitPointHandsBackTheReceiptAndCompletesOnTheNextCall() throws Exception {
        SearchFixture f = SearchFixture.copy(dir);
        PrivateKey key = PrincipalKeys.generate();
        try (SearchFixture.Live live = f.open()) {
            live.disguises.register(f.user, key.publicKey());
            String before = live.dump(false);
            List<String> docs = live.documentsOf(f.user);
            live.disguises.observedBy(step -> {
                if (step.equals("policies")) {
                    throw new UncheckedIOException(new IOException("No space left on device (simulated)"));
                }
            });
            Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(
                    () -> live.disguises.apply(SearchDisguisesTest.DELETE, f.user, PrincipalProof.none()));
            assertThat(thrown).isInstanceOf(CommittedDisguiseException.class).hasMessageContaining("is committed")
                    .hasMessageContaining("No space left");
            Receipt receipt = ((CommittedDisguiseException) thrown).receipt();
            assertThat(receipt.principal()).isEqualTo(f.user);
            live.disguises.observedBy(step -> { });

            // the pending entry needs the index: held, the next call is refused and nothing else happens
            try (IndexUpdate held = IndexUpdate.open(live.data, f.index, Monitoring.REFERENCE_MONITOR)) {
                assertThatThrownBy(() -> live.disguises.apply(SearchDisguisesTest.DELETE, f.friend, PrincipalProof.none()))
                        .isInstanceOf(DisguiseException.class).hasMessageContaining("committed earlier");
            }
            assertThat(live.signsIn(f.friend)).isTrue();

            // the next call completes the deletion before its own work (refused: the friend has no key)
            assertThatThrownBy(() -> live.disguises.apply(SearchDisguisesTest.DELETE, f.friend, PrincipalProof.none()))
                    .hasMessageContaining("no registered public key");
            assertThat(live.signsIn(f.user)).isFalse();
            assertThat(live.documentsOf(f.user)).isEmpty();
            for (String id : docs) {
                assertThat(live.search(f.friend, SearchFixture.uniqueWord(id))).doesNotContain(id);
            }
            live.disguises.reveal(receipt.locator(), key);
            assertThat(live.dump(false)).isEqualTo(before);
        }
    }

    @Test
    void aPseudoprincipalIsNeitherDisguisedDirectlyNorRegistered() throws Exception {
        SearchFixture f = SearchFixture.copy(dir);
        PrivateKey key = PrincipalKeys.generate();
        try (SearchFixture.Live live = f.open()) {
            live.disguises.register(f.user, key.publicKey());
            Receipt anonymized = live.disguises.apply(SearchDisguisesTest.ANONYMIZE, f.user, PrincipalProof.none());
            String pp = live.data.policies().find(f.friendsOnlyDocument).orElseThrow().owner();
            String state = live.dump(false);
            PrincipalProof users = new PrincipalProof(key, List.of(anonymized.locator()));
            for (PrincipalProof proof : List.of(PrincipalProof.none(), users,
                    new PrincipalProof(PrincipalKeys.generate(), List.of()))) {
                assertThatThrownBy(() -> live.disguises.apply(SearchDisguisesTest.DELETE, pp, proof))
                        .isInstanceOf(DisguiseException.class)
                        .hasMessage(pp + " is a pseudoprincipal: only the user who speaks for it can disguise it,"
                                + " through --after");
            }
            PrivateKey stranger = PrincipalKeys.generate();
            assertThatThrownBy(() -> live.disguises.register(pp, stranger.publicKey()))
                    .isInstanceOf(DisguiseException.class).hasMessageContaining("is a pseudoprincipal");
            assertThat(live.dump(false)).isEqualTo(state);

            // the user who speaks for it deletes its documents through composition
            live.disguises.apply(SearchDisguisesTest.DELETE, f.user, users);
            assertThat(live.documentsOf(pp)).isEmpty();
        }
    }
}
