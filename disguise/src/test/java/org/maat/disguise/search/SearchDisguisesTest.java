package org.maat.disguise.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.conduit.ConduitStoreEditor;
import org.maat.core.conduit.Document;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.RevealRefusedException;
import org.maat.disguise.RevealReport;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.spec.DisguiseSpec;
import org.maat.disguise.store.Locator;
import org.maat.policy.mal.MalEntry;
import org.maat.policy.mal.MalLog;
import org.maat.policy.store.PolicyStore;

/**
 * Search disguises over a small generated data directory and its monitored index, through the owner's
 * live objects (as the front-end holds them). Every outcome is checked against independent views: a
 * full dump of every store, searches as the user and a friend under the monitor, sign-ins, raw bytes.
 */
class SearchDisguisesTest {

    static final DisguiseSpec DELETE = DisguiseSpecs.builtin("search-delete-account");
    static final DisguiseSpec ANONYMIZE = DisguiseSpecs.builtin("search-anonymize-account");

    @TempDir
    Path dir;

    @Test
    void deleteThenRevealRestoresEverythingSearchableAgain() throws Exception {
        SearchFixture f = SearchFixture.copy(dir);
        byte[] mal = SearchFixture.bytes(f.data.malLog());
        PrivateKey key = PrincipalKeys.generate();
        try (SearchFixture.Live live = f.open()) {
            live.disguises.register(f.user, key.publicKey());
            List<String> docs = live.documentsOf(f.user);
            String before = live.dump(false);
            assertThat(live.search(f.friend, SearchFixture.uniqueWord(f.friendsOnlyDocument))).contains(f.friendsOnlyDocument);

            SearchReceipt receipt = live.disguises.disguise(DELETE, f.user, PrincipalProof.none());
            assertThat(live.disguises.registered(f.user)).as("the key is forgotten with the login").isFalse();
            assertThat(receipt.receipt().changes()).isGreaterThan(docs.size());
            assertThat(receipt.malExplanation()).contains(receipt.malEntriesKept() == 0 ? "no entry" : "append-only");
            assertThat(live.documentsOf(f.user)).isEmpty();
            assertThat(live.signsIn(f.user)).isFalse();
            assertThat(f.data.profile(f.user)).doesNotExist();
            assertThat(live.data.policies().facts().match("friend", new String[] {f.user, null})).isEmpty();
            assertThat(live.data.policies().facts().match("friend", new String[] {null, f.user})).isEmpty();
            for (String id : docs) {
                assertThat(live.search(f.user, SearchFixture.uniqueWord(id))).doesNotContain(id);
                assertThat(live.search(f.friend, SearchFixture.uniqueWord(id))).doesNotContain(id);
            }
            assertThat(SearchFixture.bytes(f.data.malLog())).as("mal.log is never written").isEqualTo(mal);

            RevealReport report = live.disguises.reveal(receipt.receipt().locator(), key);
            assertThat(report.restored()).isEqualTo(receipt.receipt().changes());
            assertThat(live.disguises.bags()).isZero();
            assertThat(live.dump(false)).isEqualTo(before);
            assertThat(live.signsIn(f.user)).isTrue();
            for (String id : docs) {
                assertThat(live.search(f.user, SearchFixture.uniqueWord(id))).contains(id);
            }
            assertThat(live.search(f.friend, SearchFixture.uniqueWord(f.friendsOnlyDocument))).contains(f.friendsOnlyDocument);
        }
        assertThat(SearchFixture.bytes(f.data.malLog())).isEqualTo(mal);
    }

    @Test
    void afterADeleteNoStoredByteNamesTheUserOrTheirDocuments() throws Exception {
        SearchFixture f = SearchFixture.copy(dir);
        byte[] mal = SearchFixture.bytes(f.data.malLog());
        assertThat(f.filesContaining(f.user)).as("the scan finds the user before").isNotEmpty();
        List<String> docs;
        try (SearchFixture.Live live = f.open()) {
            docs = live.documentsOf(f.user);
        }
        // as the command line runs it: the disguises own the stores, and rewrite the policy store on closing
        try (SearchDisguises disguises = SearchDisguises.open(f.data, f.index.root())) {
            disguises.register(f.user, PrincipalKeys.generate().publicKey());
            disguises.apply(DELETE, f.user, PrincipalProof.none());
        }
        assertThat(f.storedFiles()).anySatisfy(p -> assertThat(p.getFileName().toString()).isEqualTo("disguise.db"));
        assertThat(f.filesContaining(f.user).keySet()).as("files naming " + f.user)
                .allSatisfy(p -> assertThat(isMalLog(f, p)).as(p.toString()).isTrue());
        assertThat(f.filesContaining(f.historyText())).isEmpty();
        for (String id : docs) {
            assertThat(f.filesContaining(SearchFixture.uniqueWord(id))).as(SearchFixture.uniqueWord(id)).isEmpty();
            assertThat(f.filesContaining("docs/" + id.substring(1))).as("conduit name of " + id).isEmpty();
        }
        assertThat(SearchFixture.bytes(f.data.malLog())).isEqualTo(mal);
        try (PolicyStore rewritten = PolicyStore.openReadOnly(f.data.policyStore())) {
            assertThat(rewritten.conduitCount()).as("the rewritten policy store keeps every other conduit")
                    .isEqualTo(SearchFixture.DOCUMENTS - docs.size());
            assertThat(rewritten.find(docs.get(0))).isEmpty();
        }
    }

    @Test
    void theCommandLinePathRevealsADeletionAfterReopening() throws Exception {
        SearchFixture f = SearchFixture.copy(dir);
        PrivateKey key = PrincipalKeys.generate();
        String before;
        try (SearchFixture.Live live = f.open()) {
            live.disguises.register(f.user, key.publicKey());
            before = live.dump(false);
        }
        Receipt receipt;
        try (SearchDisguises disguises = SearchDisguises.open(f.data, f.index.root())) {
            receipt = disguises.apply(DELETE, f.user, PrincipalProof.none());
        }
        try (SearchDisguises disguises = SearchDisguises.open(f.data, f.index.root())) {
            disguises.reveal(receipt.locator(), key);
        }
        try (SearchFixture.Live live = f.open()) {
            assertThat(live.dump(false)).isEqualTo(before);
            assertThat(live.signsIn(f.user)).isTrue();
            assertThat(live.search(f.friend, SearchFixture.uniqueWord(f.friendsOnlyDocument))).contains(f.friendsOnlyDocument);
        }
    }

    private static boolean isMalLog(SearchFixture f, Path p) {
        return p.getFileName().toString().startsWith(f.data.malLog().getFileName().toString());
    }

    @Test
    void anonymizeKeepsDocumentsSearchableUnderAPseudoprincipalAndRevealGivesThemBack() throws Exception {
        SearchFixture f = SearchFixture.copy(dir);
        PrivateKey key = PrincipalKeys.generate();
        try (SearchFixture.Live live = f.open()) {
            live.disguises.register(f.user, key.publicKey());
            List<String> docs = live.documentsOf(f.user);
            String before = live.dump(false);
            Receipt receipt = live.disguises.apply(ANONYMIZE, f.user, PrincipalProof.none());
            assertThat(receipt.pseudoprincipals()).isEqualTo(1);
            assertThat(live.disguises.describe(receipt.locator(), key).changesByTarget())
                    .containsEntry("documents", docs.size());
            assertThat(live.documentsOf(f.user)).isEmpty();
            assertThat(live.dump(false)).doesNotContain(" " + f.user + " ").contains(" pp-");
            RevealReport report = live.disguises.reveal(receipt.locator(), key);
            assertThat(report.recorrelated()).isEqualTo(docs.size());
            assertThat(report.pseudoprincipalsRemoved()).isEqualTo(1);
            assertThat(live.dump(false)).isEqualTo(before);
            assertThat(live.search(f.friend, SearchFixture.uniqueWord(f.friendsOnlyDocument))).contains(f.friendsOnlyDocument);
        }
    }

    @Test
    void nothingStoredLinksTheUserToTheLocatorOrThePseudoprincipal() throws Exception {
        SearchFixture f = SearchFixture.copy(dir);
        PrivateKey key = PrincipalKeys.generate();
        Receipt receipt;
        String pseudoprincipal;
        try (SearchFixture.Live live = f.open()) {
            live.disguises.register(f.user, key.publicKey());
            receipt = live.disguises.apply(ANONYMIZE, f.user, PrincipalProof.none());
            pseudoprincipal = live.data.policies().find(f.friendsOnlyDocument).orElseThrow().owner();
        }
        assertThat(pseudoprincipal).matches("pp-[0-9a-f]{24}");
        Path disguises = f.data.root().resolve("disguise.db");
        String stored = new String(SearchFixture.bytes(disguises), java.nio.charset.StandardCharsets.ISO_8859_1);
        assertThat(SearchFixture.scannable(disguises)).as("the user's name, outside the sealed bags and keys")
                .doesNotContain(f.user);
        assertThat(stored).as("the user's public key").doesNotContain(
                new String(key.publicKey().bytes(), java.nio.charset.StandardCharsets.ISO_8859_1));
        assertThat(stored).as("the locator, as text or bytes").doesNotContain(receipt.locator().toText())
                .doesNotContain(new String(receipt.locator().bytes(), java.nio.charset.StandardCharsets.ISO_8859_1));
        assertThat(f.filesContaining(receipt.locator().toText())).isEmpty();
        assertThat(f.filesContaining(f.user).keySet()).allSatisfy(p -> assertThat(p).isNotEqualTo(disguises));
    }

    @Test
    void deleteAfterAnonymizeRemovesThePseudoprincipalsDocumentsAndRevealsInReverseOrder() throws Exception {
        SearchFixture f = SearchFixture.copy(dir);
        PrivateKey key = PrincipalKeys.generate();
        try (SearchFixture.Live live = f.open()) {
            live.disguises.register(f.user, key.publicKey());
            List<String> docs = live.documentsOf(f.user);
            String before = live.dump(false);
            Receipt anonymized = live.disguises.apply(ANONYMIZE, f.user, PrincipalProof.none());
            Receipt deleted = live.disguises.apply(DELETE, f.user, new PrincipalProof(key, List.of(anonymized.locator())));
            assertThat(live.disguises.describe(deleted.locator(), key).changesByTarget()).containsEntry("documents", docs.size());
            for (String id : docs) {
                assertThat(live.data.documents().contains(id)).as(id).isFalse();
            }
            String deletedState = live.dump(true);
            assertThat(deletedState.lines().filter(l -> l.startsWith("conduit ")))
                    .noneMatch(l -> l.contains(" pp-*") || l.contains(" " + f.user + " "));
            assertThatThrownBy(() -> live.disguises.reveal(anonymized.locator(), key))
                    .isInstanceOfSatisfying(RevealRefusedException.class, e -> assertThat(e.conflicts())
                            .hasSize(docs.size() + 1).anySatisfy(c -> assertThat(c.target()).isEqualTo("disguise")));
            assertThat(live.dump(true)).as("a refused reveal changes nothing").isEqualTo(deletedState);
            live.disguises.reveal(deleted.locator(), key);
            live.disguises.reveal(anonymized.locator(), key);
            assertThat(live.dump(false)).isEqualTo(before);
        }
    }

    /**
     * An anonymization of a user with an account and no document makes no pseudoprincipal and leaves nothing of
     * theirs; a deletion composed on it is still theirs to apply (the proof opens their bag) and to reveal, and the
     * anonymization is refused until it is (no document of a pseudoprincipal tells the order: the bag does).
     */
    @Test
    void deleteAfterAnonymizingAUserWithNoDocumentComposesAndRevealsBack() throws Exception {
        SearchFixture f = SearchFixture.copy(dir);
        PrivateKey key = PrincipalKeys.generate();
        try (SearchFixture.Live live = f.open()) {
            String user = java.util.stream.IntStream.range(10, 30).mapToObj(u -> "u" + u)
                    .filter(u -> live.accounts.hashOf(u).isPresent() && live.documentsOf(u).isEmpty())
                    .findFirst().orElseThrow(() -> new AssertionError("the fixture has a user with an account and no document"));
            live.disguises.register(user, key.publicKey());
            String before = live.dump(false);
            Receipt anonymized = live.disguises.apply(ANONYMIZE, user, PrincipalProof.none());
            assertThat(anonymized.pseudoprincipals()).isZero();
            String anonymizedState = live.dump(false);
            Receipt deleted = live.disguises.apply(DELETE, user, new PrincipalProof(key, List.of(anonymized.locator())));
            String deletedState = live.dump(false);
            assertThatThrownBy(() -> live.disguises.reveal(anonymized.locator(), key))
                    .as("the anonymization comes back only after the deletion composed on it")
                    .isInstanceOfSatisfying(RevealRefusedException.class, e -> assertThat(e.conflicts())
                            .singleElement().satisfies(c -> assertThat(c.target()).isEqualTo("disguise")));
            assertThat(live.dump(false)).as("a refused reveal changes nothing").isEqualTo(deletedState);
            live.disguises.reveal(deleted.locator(), key);
            assertThat(live.dump(false)).isEqualTo(anonymizedState);
            live.disguises.reveal(anonymized.locator(), key);
            assertThat(live.dump(false)).isEqualTo(before);
        }
    }

    @Test
    void wrongKeyTamperedBagAndReplayedLocatorAreRefusedAndChangeNothing() throws Exception {
        SearchFixture f = SearchFixture.copy(dir);
        PrivateKey key = PrincipalKeys.generate();
        try (SearchFixture.Live live = f.open()) {
            live.disguises.register(f.user, key.publicKey());
            Receipt receipt = live.disguises.apply(DELETE, f.user, PrincipalProof.none());
            String disguised = live.dump(false);
            assertThatThrownBy(() -> live.disguises.reveal(receipt.locator(), PrincipalKeys.generate()))
                    .isInstanceOf(RevealRefusedException.class).hasMessageContaining("does not open");
            assertThatThrownBy(() -> live.disguises.reveal(Locator.random(), key))
                    .isInstanceOf(RevealRefusedException.class).hasMessageContaining("no such bag");
            assertThat(live.dump(false)).isEqualTo(disguised);

            DisguiseFile file = live.disguises.file();
            byte[] bag = file.get(DisguiseFile.BAGS, receipt.locator().storageKey()).orElseThrow();
            byte[] tampered = bag.clone();
            tampered[tampered.length / 2] ^= 1;
            file.commit(edit -> edit.put(DisguiseFile.BAGS, receipt.locator().storageKey(), tampered));
            String withTamperedBag = live.dump(false);
            assertThatThrownBy(() -> live.disguises.reveal(receipt.locator(), key))
                    .isInstanceOf(RevealRefusedException.class).hasMessageContaining("does not open");
            assertThat(live.dump(false)).isEqualTo(withTamperedBag);

            file.commit(edit -> edit.put(DisguiseFile.BAGS, receipt.locator().storageKey(), bag));
            live.disguises.reveal(receipt.locator(), key);
            String revealed = live.dump(false);
            assertThatThrownBy(() -> live.disguises.reveal(receipt.locator(), key))
                    .isInstanceOf(RevealRefusedException.class).hasMessageContaining("no such bag");
            assertThat(live.dump(false)).as("a replayed locator changes nothing").isEqualTo(revealed);
        }
    }

    @Test
    void aPseudoprincipalsDocumentEditedSinceIsAConflict() throws Exception {
        SearchFixture f = SearchFixture.copy(dir);
        PrivateKey key = PrincipalKeys.generate();
        try (SearchFixture.Live live = f.open()) {
            live.disguises.register(f.user, key.publicKey());
            Receipt receipt = live.disguises.apply(ANONYMIZE, f.user, PrincipalProof.none());
            try (ConduitStoreEditor edit = live.data.editDocuments()) {
                Document old = edit.remove(f.friendsOnlyDocument);
                edit.restore(new Document(old.id(), old.title(), old.date(), old.body() + " edited"), null);
                edit.commit();
            }
            String edited = live.dump(true);
            assertThatThrownBy(() -> live.disguises.reveal(receipt.locator(), key))
                    .isInstanceOfSatisfying(RevealRefusedException.class, e -> assertThat(e.conflicts())
                            .singleElement().satisfies(c -> assertThat(c.key()).isEqualTo(f.friendsOnlyDocument)));
            assertThat(live.dump(true)).isEqualTo(edited);
        }
    }

    @Test
    void theReceiptCountsTheMalEntriesThatStayAndTheLogIsUntouched() throws Exception {
        SearchFixture f = SearchFixture.copy(dir);
        List<MalEntry> entries = new ArrayList<>();
        MalLog.read(f.data.malLog(), entries::add);
        assertThat(entries).as("the generated population has MAL entries").isNotEmpty();
        byte[] mal = SearchFixture.bytes(f.data.malLog());
        try (SearchFixture.Live live = f.open()) {
            String owner = live.data.policies().find(entries.get(0).conduitId()).orElseThrow().owner();
            Set<String> owned = Set.copyOf(live.documentsOf(owner));
            long naming = entries.stream().filter(e -> owned.contains(e.conduitId()) || e.principal().equals(owner)).count();
            live.disguises.register(owner, PrincipalKeys.generate().publicKey());
            SearchReceipt receipt = live.disguises.disguise(DELETE, owner, PrincipalProof.none());
            assertThat(receipt.malEntriesKept()).isEqualTo(naming).isPositive();
            assertThat(receipt.malExplanation()).contains("append-only");
        }
        assertThat(SearchFixture.bytes(f.data.malLog())).isEqualTo(mal);
    }

    @Test
    void anAccountNameTakenSinceIsAConflictAndNothingIsRestored() throws Exception {
        SearchFixture f = SearchFixture.copy(dir);
        PrivateKey key = PrincipalKeys.generate();
        try (SearchFixture.Live live = f.open()) {
            live.disguises.register(f.user, key.publicKey());
            Receipt receipt = live.disguises.apply(DELETE, f.user, PrincipalProof.none());
            live.accounts.restore(f.user, live.accounts.hashOf(f.friend).orElseThrow());
            String taken = live.dump(false);
            assertThatThrownBy(() -> live.disguises.reveal(receipt.locator(), key))
                    .isInstanceOfSatisfying(RevealRefusedException.class, e -> assertThat(e.conflicts())
                            .singleElement().satisfies(c -> assertThat(c.target()).isEqualTo("login")));
            assertThat(live.dump(false)).isEqualTo(taken);
        }
    }
}
