package org.maat.disguise.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.accounts.AccountRoles;
import org.maat.core.population.PopulationSpec;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;

/**
 * State a front-end remembered: {@code FrontendStartup.signIn} reads {@code DATA/roles} once, at start
 * ({@link AccountRoles#open}), and the login servlet gives a session {@code roles().of(user)} from that copy. A user
 * with the {@value AccountRoles#HR} role deletes their account; the front-end restarts (its roles read without the
 * user); the user restores their account on the Restore page, which puts their roles line back into the file. The
 * README: "a restored account signs in with its own password and holds its roles again, as they were". The roles the
 * running front-end signs the restored user in with must then hold {@value AccountRoles#HR}.
 */
class RestoredRolesOnRunningFrontendReviewTest {

    @TempDir
    Path dir;

    @Test
    void aRestoredAccountHoldsItsRolesOnTheRunningFrontend() throws Exception {
        PopulationSpec spec = new PopulationSpec(120, 4, 30, 50, 20, 0.10, 20, 2, 1, 8, 13);
        SearchFixture f = SearchFixture.generate(dir.resolve("f"), spec, 90, 110);
        String user = "u100";
        Files.writeString(f.data.roles(), user + "\t" + AccountRoles.HR + "\n", StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
        PrivateKey key = PrincipalKeys.generate();
        try (SearchFixture.Live live = f.open()) {
            assertThat(live.signsIn(user)).as("control: " + user + " has an account").isTrue();
            live.disguises.register(user, key.publicKey());
        }
        assertThat(AccountRoles.open(f.data).of(user)).as("control: the roles file gives " + user + " hr")
                .contains(AccountRoles.HR);
        Receipt receipt;
        try (SearchFixture.Live live = f.open()) { // the front-end's Account page: delete
            receipt = live.disguises.apply(SearchDisguisesTest.DELETE, user, PrincipalProof.none());
        }

        // The front-end restarts: FrontendStartup.signIn reads the roles once.
        AccountRoles frontendRoles = AccountRoles.open(f.data);
        try (SearchFixture.Live live = f.open()) { // the front-end's Restore page
            live.disguises.reveal(receipt.locator(), key);
            assertThat(live.signsIn(user)).as(user + " signs in again").isTrue();
        }
        assertThat(AccountRoles.open(f.data).of(user)).as("the roles line is back in the file").contains(AccountRoles.HR);
        assertThat(frontendRoles.of(user)).as("the roles the running front-end signs the restored " + user + " in with")
                .contains(AccountRoles.HR);
    }
}
