package org.maat.disguise.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.population.PopulationSpec;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.crypto.PrincipalKeys;

/**
 * A shape {@code DisguiseSequencesTest} never draws: a friend's search history whose query lines (the front-end's
 * {@code {"time":...,"query":...}}) name the user who leaves, by id and by a unique word of their document, the way a
 * friend finds the document before opening it. The deletion takes the view line out of the friend's history. The
 * friend's queries are the friend's own words and stay, as the README lists; besides them no byte of any file of the
 * data and index directories (but {@code mal.log}) holds the deleted user's id or their documents' unique words.
 */
class FriendQueryNamesDeletedUserReviewTest {

    @TempDir
    Path dir;

    @Test
    void deletionLeavesTheFriendsOwnQueriesAndNothingElseNamingTheUser() throws Exception {
        PopulationSpec spec = new PopulationSpec(120, 4, 30, 50, 20, 0.10, 20, 2, 1, 8, 7);
        SearchFixture f = SearchFixture.generate(dir.resolve("f"), spec, 90, 110);
        String user = null;
        String friend = null;
        String document = null;
        try (SearchFixture.Live live = f.open()) {
            for (int u = 100; u < 120 && user == null; u++) {
                List<String> docs = live.documentsOf("u" + u);
                List<String> friends = live.data.policies().facts().match("friend", new String[] {"u" + u, null}).stream()
                        .map(a -> a.get(1)).filter(x -> x.length() >= 4).sorted().toList();
                if (!docs.isEmpty() && !friends.isEmpty()) {
                    user = "u" + u;
                    document = docs.get(0);
                    friend = friends.get(0);
                }
            }
            assertThat(user).as("a user with a document and a friend").isNotNull();
            live.disguises.register(user, PrincipalKeys.generate().publicKey());
        }
        String word = SearchFixture.uniqueWord(document);
        // The friend searched for the document's word, then for its owner, and opened the document: the front-end's lines.
        Files.createDirectories(f.data.profile(friend));
        Files.writeString(f.data.profile(friend).resolve("history"),
                "{\"time\":\"2026-11-26T00:00:00Z\",\"query\":\"" + word + "\"}\n"
                        + "{\"time\":\"2026-11-26T00:00:01Z\",\"query\":\"" + user + "\"}\n"
                        + "{\"time\":\"2026-11-26T00:00:02Z\",\"view\":\"" + document + "\"}\n",
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        Map<Path, String> before = f.storedBytes();
        assertThat(SearchFixture.containing(before, word)).as("control: the word is stored before").isNotEmpty();

        try (SearchDisguises d = SearchDisguises.open(f.data, f.index.root())) {
            d.apply(SearchDisguisesTest.DELETE, user, PrincipalProof.none());
        }

        Map<Path, String> files = f.storedBytes();
        org.assertj.core.api.SoftAssertions soft = new org.assertj.core.api.SoftAssertions();
        soft.assertThat(SearchFixture.containing(files, "\"view\":\"" + document + "\"")).as("the view line goes").isEmpty();
        Path friendsHistory = f.data.profile(friend).resolve("history");
        soft.assertThat(SearchFixture.containing(files, word)).as("files holding " + word + ", a unique word of " + user
                + "'s deleted " + document + ", but the friend's own queries").allMatch(friendsHistory::endsWith);
        List<Path> naming = SearchFixture.containing(files, user).stream()
                .filter(p -> !p.getFileName().toString().startsWith("mal.log")).toList();
        soft.assertThat(naming).as("files naming the deleted " + user + ", but the friend's own queries")
                .allMatch(friendsHistory::endsWith);
        String queries = "\"query\":\"" + word + "\"";
        String queriesOfTheUser = "\"query\":\"" + user + "\"";
        soft.assertThat(files.entrySet()).filteredOn(e -> friendsHistory.endsWith(e.getKey()))
                .as("the friend's queries, as the friend typed them").singleElement()
                .satisfies(e -> assertThat(e.getValue()).contains(queries).contains(queriesOfTheUser));
        soft.assertAll();
    }
}
