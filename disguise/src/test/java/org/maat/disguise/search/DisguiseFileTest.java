package org.maat.disguise.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PublicKey;
import org.maat.disguise.store.Locator;
import org.maat.disguise.store.StoreException;

class DisguiseFileTest {

    @TempDir
    Path dir;

    @Test
    void bagsAndKeysSurviveReopening() {
        Path file = dir.resolve("disguise.db");
        Locator locator = Locator.random();
        PublicKey key = PrincipalKeys.generate().publicKey();
        try (DisguiseFile f = DisguiseFile.open(file)) {
            new FileBagStore(f).put(locator, new byte[] {1, 2, 3});
            new FilePrincipalRegistry(f).register("u3", key);
        }
        try (DisguiseFile f = DisguiseFile.open(file)) {
            assertThat(new FileBagStore(f).get(locator)).hasValueSatisfying(b -> assertThat(b).containsExactly(1, 2, 3));
            assertThat(new FileBagStore(f).count()).isEqualTo(1);
            assertThat(new FilePrincipalRegistry(f).find("u3")).contains(key);
            assertThat(new FilePrincipalRegistry(f).find("u4")).isEmpty();
        }
    }

    @Test
    void aBagIsNeverOverwritten() {
        try (DisguiseFile f = DisguiseFile.open(dir.resolve("disguise.db"))) {
            Locator locator = Locator.random();
            FileBagStore bags = new FileBagStore(f);
            bags.put(locator, new byte[] {1});
            assertThatThrownBy(() -> bags.put(locator, new byte[] {2})).isInstanceOf(StoreException.class);
            assertThat(bags.get(locator).orElseThrow()).containsExactly(1);
        }
    }

    @Test
    void aFinishedJournalEntryLeavesNoByteInTheFile() throws Exception {
        Path file = dir.resolve("disguise.db");
        String secret = "secret-text-of-a-user-" + System.nanoTime();
        try (DisguiseFile f = DisguiseFile.open(file)) {
            RollForwardJournal journal = new RollForwardJournal(f);
            RollForwardJournal.Entry entry = journal.record(plan(secret), edit -> { });
            assertThat(contains(file, secret)).isTrue();
            journal.complete(entry);
            assertThat(journal.pending()).isEmpty();
        }
        assertThat(contains(file, secret)).isFalse();
    }

    @Test
    void anEntryLeftByACrashIsPendingOnReopening() {
        Path file = dir.resolve("disguise.db");
        try (DisguiseFile f = DisguiseFile.open(file)) {
            new RollForwardJournal(f).record(plan("x"), edit -> { });
        }
        try (DisguiseFile f = DisguiseFile.open(file)) {
            List<RollForwardJournal.Entry> pending = new RollForwardJournal(f).pending();
            assertThat(pending).singleElement().satisfies(e -> assertThat(e.plan()).isEqualTo(plan("x")));
        }
    }

    @Test
    void aForgottenPrincipalLeavesNoByteAfterErase() throws Exception {
        Path file = dir.resolve("disguise.db");
        try (DisguiseFile f = DisguiseFile.open(file)) {
            FilePrincipalRegistry registry = new FilePrincipalRegistry(f);
            registry.register("alice-the-user", PrincipalKeys.generate().publicKey());
            registry.register("bob", PrincipalKeys.generate().publicKey());
            registry.forget("alice-the-user");
        }
        // closed before erasing: reopening a file marked by a delete erases it
        try (DisguiseFile f = DisguiseFile.open(file)) {
            assertThat(new FilePrincipalRegistry(f).find("bob")).isPresent();
        }
        assertThat(contains(file, "alice-the-user")).isFalse();
    }

    private static SearchPlan plan(String text) {
        return new SearchPlan(SearchPlan.Direction.TAKES_AWAY, List.of(), List.of("d1"), List.of(), List.of(), List.of(), List.of(
                new SearchRecords.DocumentRecord("d1", "t", "", text)), List.of(), List.of(), "u1", null, null, null, null, null, null, null, null);
    }

    static boolean contains(Path file, String text) throws Exception {
        byte[] bytes = Files.readAllBytes(file);
        return new String(bytes, StandardCharsets.ISO_8859_1).contains(text);
    }
}
