package org.maat.disguise.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.accounts.AccountStore;
import org.maat.core.population.PopulationSpec;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.crypto.PrincipalKeys;

/**
 * Two processes: a front-end that signs in with a data directory's accounts ({@code maat serve --erp DB --accounts
 * DATA}: {@code FrontendStartup.signIn} opens an {@link AccountStore} once, at start, and its login servlet asks that
 * store) keeps running while {@code maat disguise apply --data DATA} deletes a user's account. The README says of
 * such a front-end: "keeps the roles it read at start in memory until it restarts (unused: the account cannot sign
 * in)". The store the front-end opened before the deletion must then refuse the deleted user's password.
 */
class FrontendAccountsAfterCliDeletionReviewTest {

    @TempDir
    Path dir;

    @Test
    void aDeletedAccountNoLongerSignsInOnARunningFrontend() throws Exception {
        PopulationSpec spec = new PopulationSpec(120, 4, 30, 50, 20, 0.10, 20, 2, 1, 8, 11);
        SearchFixture f = SearchFixture.generate(dir.resolve("f"), spec, 90, 110);
        String user = "u100";
        String password = f.password(user);
        try (SearchFixture.Live live = f.open()) {
            assertThat(live.signsIn(user)).as("control: " + user + " signs in before").isTrue();
            live.disguises.register(user, PrincipalKeys.generate().publicKey());
        }
        // The running front-end's accounts, opened at its start (no lock: only the accounts file is read).
        AccountStore frontend = AccountStore.open(f.data);
        assertThat(frontend.authenticate(user, password)).as("control: the front-end signs " + user + " in").isTrue();

        // maat disguise apply --data DATA --index INDEX --principal u100 --spec search-delete-account
        try (SearchDisguises d = SearchDisguises.open(f.data, f.index.root())) {
            d.apply(SearchDisguisesTest.DELETE, user, PrincipalProof.none());
        }
        assertThat(AccountStore.open(f.data).hashOf(user)).as("the accounts file no longer has " + user).isEmpty();

        assertThat(frontend.authenticate(user, password))
                .as("the running front-end signs in " + user + ", whose account the command line deleted").isFalse();
    }
}
