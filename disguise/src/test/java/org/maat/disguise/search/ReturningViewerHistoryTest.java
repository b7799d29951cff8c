package org.maat.disguise.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;

/**
 * A user Z whose search history views a friend X's document leaves (their history goes into their bag), then X
 * deletes their account, then Z comes back while X is still away. What Z's bag remembers is Z's history with the view
 * of X's document; what is right when Z comes back is that history without it, since the document is gone. The
 * line waits, sealed to X's disguise, and comes back when X does: then every store is as it was before Z left, but
 * for the friendship of the two, which comes back only with latest-first reveals.
 */
class ReturningViewerHistoryTest {

    @TempDir
    Path dir;

    @Test
    void aViewOfADocumentDeletedSinceWaitsForItsOwnerAndComesBackWithIt() throws Exception {
        SearchFixture f = SearchFixture.copy(dir);
        String viewer = f.friend;
        String owner = f.user;
        String document = f.friendsOnlyDocument;
        String view = "{\"time\":\"2026-11-25T11:00:00Z\",\"view\":\"" + document + "\"}\n";
        String history = "{\"time\":\"2026-11-25T10:00:00Z\",\"query\":\"fishing\"}\n" + view
                + "{\"time\":\"2026-11-25T12:00:00Z\",\"query\":\"parliament\"}\n";
        Files.createDirectories(f.data.profile(viewer));
        Files.writeString(f.data.profile(viewer).resolve("history"), history);
        PrivateKey viewerKey = PrincipalKeys.generate();
        PrivateKey ownerKey = PrincipalKeys.generate();
        String before;
        try (SearchFixture.Live live = f.open()) {
            live.disguises.register(viewer, viewerKey.publicKey());
            live.disguises.register(owner, ownerKey.publicKey());
            before = live.dump(false);
        }
        Receipt viewerLeft = apply(f, viewer);
        Receipt ownerLeft = apply(f, owner);

        reveal(f, viewerLeft, viewerKey);
        assertThat(f.filesContaining("\"view\":\"" + document + "\"")).as("files naming the view of " + document
                + " while " + owner + " is away").isEmpty();
        assertThat(f.filesContaining(owner).keySet()).as("files naming " + owner)
                .allSatisfy(p -> assertThat(p.getFileName().toString()).startsWith("mal.log"));
        assertThat(Files.readString(f.data.profile(viewer).resolve("history"), StandardCharsets.UTF_8))
                .as(viewer + "'s history, but the view").isEqualTo(history.replace(view, ""));

        reveal(f, ownerLeft, ownerKey);
        assertThat(Files.readString(f.data.profile(viewer).resolve("history"), StandardCharsets.UTF_8)).isEqualTo(history);
        try (SearchFixture.Live live = f.open()) {
            // The friendship of two users who both left comes back only if they reveal latest first (README).
            java.util.function.UnaryOperator<String> butTheirFriendship = dump -> dump.lines()
                    .filter(l -> !l.equals("fact friend(" + viewer + ", " + owner + ").")
                            && !l.equals("fact friend(" + owner + ", " + viewer + ")."))
                    .collect(java.util.stream.Collectors.joining("\n"));
            assertThat(butTheirFriendship.apply(live.dump(false))).as("every store once both are back")
                    .isEqualTo(butTheirFriendship.apply(before));
        }
    }

    private static Receipt apply(SearchFixture f, String user) throws Exception {
        try (SearchDisguises disguises = SearchDisguises.open(f.data, f.index.root())) {
            return disguises.apply(SearchDisguisesTest.DELETE, user, PrincipalProof.none());
        }
    }

    private static void reveal(SearchFixture f, Receipt receipt, PrivateKey key) throws Exception {
        try (SearchDisguises disguises = SearchDisguises.open(f.data, f.index.root())) {
            disguises.reveal(receipt.locator(), key);
        }
    }
}
