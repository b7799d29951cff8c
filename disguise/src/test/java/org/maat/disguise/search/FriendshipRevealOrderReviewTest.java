package org.maat.disguise.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.population.PopulationSpec;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;

/**
 * Promise: "A reveal puts back exactly what was there: every friendship comes back unless its other party was in the
 * data when the disguise was applied ... and has left since by a disguise of their own". A user P who never disguises
 * anything, with no account and no document (most of a generated population), is "in the data" only through their
 * friendships. Each of P's friends deletes their account, one after the other; then they come back, the first to
 * leave revealing first (each reveal is a different user's, so no order is imposed between them). At the first
 * reveal P holds no friendship any more (the others are still gone), so {@code SearchData.present} says P "has left",
 * and the friendship is dropped for good: no later reveal brings it back, though P never left. Latest-first reveals
 * restore everything; revealing in the order the users left loses P's friendships.
 */
class FriendshipRevealOrderReviewTest {

    @TempDir
    Path dir;

    @Test
    void friendsWhoLeaveAndComeBackInTheOrderTheyLeftLoseTheFriendshipsOfAUserWhoNeverLeft() throws Exception {
        PopulationSpec spec = new PopulationSpec(40, 3, 30, 50, 20, 0.10, 5, 1, 1, 4, 29);
        SearchFixture f = SearchFixture.generate(dir.resolve("pop"), spec, 30, 20);
        String p = null;
        List<String> friends = null;
        try (SearchFixture.Live live = f.open()) {
            for (int u = 39; u >= 20 && p == null; u--) {
                String user = "u" + u;
                List<String> fs = live.data.policies().facts().match("friend", new String[] {user, null}).stream()
                        .map(a -> a.get(1)).sorted().toList();
                boolean disguisable = fs.stream().allMatch(x -> live.accounts.hashOf(x).isPresent()
                        || !live.documentsOf(x).isEmpty());
                if (live.accounts.hashOf(user).isEmpty() && live.documentsOf(user).isEmpty() && fs.size() >= 2
                        && disguisable) {
                    p = user;
                    friends = fs;
                }
            }
        }
        assertThat(p).as("a user with no account and no document, whose friends can all disguise").isNotNull();
        Objects.requireNonNull(friends);

        Map<String, PrivateKey> keys = new HashMap<>();
        Map<String, Receipt> receipts = new HashMap<>();
        for (String friend : friends) {
            PrivateKey key = PrincipalKeys.generate();
            keys.put(friend, key);
            try (SearchDisguises disguises = SearchDisguises.open(f.data, f.index.root())) {
                disguises.register(friend, key.publicKey());
                receipts.put(friend, disguises.apply(SearchDisguisesTest.DELETE, friend, PrincipalProof.none()));
            }
        }
        for (String friend : friends) { // the first to leave comes back first
            try (SearchDisguises disguises = SearchDisguises.open(f.data, f.index.root())) {
                disguises.reveal(receipts.get(friend).locator(), keys.get(friend));
            }
        }

        List<String> after = new ArrayList<>();
        try (SearchFixture.Live live = f.open()) {
            live.data.policies().facts().match("friend", new String[] {p, null}).forEach(a -> after.add(a.get(1)));
        }
        assertThat(after).as(p + " never disguised; all of their friends " + friends + " left and came back")
                .containsExactlyInAnyOrderElementsOf(friends);
    }
}
