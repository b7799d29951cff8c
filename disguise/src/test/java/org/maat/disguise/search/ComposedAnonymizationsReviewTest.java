package org.maat.disguise.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.population.PopulationSpec;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.spec.DisguiseSpec;

/**
 * A composition {@code DisguiseSequencesTest} never draws: an anonymization applied after an anonymization of the
 * same user ({@code --after}), then both revealed latest first. After each reveal every store and what everyone
 * finds must equal what they were before the apply it reverses; after each apply no file names the user.
 */
class ComposedAnonymizationsReviewTest {

    private static final DisguiseSpec ANONYMIZE = SearchDisguisesTest.ANONYMIZE;
    private static final int USERS = 120;
    private static final List<String> QUERIES = List.of("parliament", "fishing");

    @TempDir
    Path dir;

    @Test
    void anonymizeAfterAnonymizeRevealsBackExactly() throws Exception {
        PopulationSpec spec = new PopulationSpec(USERS, 4, 30, 50, 20, 0.10, 20, 2, 1, 8, 5);
        SearchFixture f = SearchFixture.generate(dir.resolve("f"), spec, 90, 110);
        List<String> everyone = IntStream.range(0, USERS).mapToObj(u -> "u" + u).toList();
        String user = null;
        PrivateKey key = PrincipalKeys.generate();
        try (SearchFixture.Live live = f.open()) {
            for (int u = 100; u < USERS && user == null; u++) {
                if (!live.documentsOf("u" + u).isEmpty()) {
                    user = "u" + u;
                }
            }
            assertThat(user).as("a user with documents").isNotNull();
            live.disguises.register(user, key.publicKey());
        }
        String initial = state(f, everyone);
        Receipt first;
        try (SearchDisguises d = SearchDisguises.open(f.data, f.index.root())) {
            first = d.apply(ANONYMIZE, user, PrincipalProof.none());
        }
        assertNamesNot(f, user);
        String afterFirst = state(f, everyone);
        Receipt second;
        try (SearchDisguises d = SearchDisguises.open(f.data, f.index.root())) {
            second = d.apply(ANONYMIZE, user, new PrincipalProof(key, List.of(first.locator())));
        }
        assertNamesNot(f, user);
        try (SearchDisguises d = SearchDisguises.open(f.data, f.index.root())) {
            d.reveal(second.locator(), key);
        }
        assertThat(state(f, everyone)).as("after revealing the second anonymization").isEqualTo(afterFirst);
        try (SearchDisguises d = SearchDisguises.open(f.data, f.index.root())) {
            d.reveal(first.locator(), key);
        }
        assertThat(state(f, everyone)).as("after revealing both").isEqualTo(initial);
    }

    private static void assertNamesNot(SearchFixture f, String user) throws Exception {
        var files = f.storedBytes();
        List<Path> naming = new ArrayList<>(SearchFixture.containing(files, user));
        naming.removeIf(p -> p.getFileName().toString().startsWith("mal.log"));
        assertThat(naming).as("files naming " + user).isEmpty();
    }

    private static String state(SearchFixture f, List<String> everyone) throws Exception {
        try (SearchFixture.Live live = f.open()) {
            return (live.dump(false) + "\n" + String.join("\n", live.logins()) + "\n"
                    + live.searches(everyone, QUERIES)).lines()
                    .filter(l -> !l.matches("login u1[01][0-9] .*")).collect(Collectors.joining("\n"));
        }
    }
}
