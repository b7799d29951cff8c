package org.maat.disguise.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.search.SearchDisguises;
import org.maat.disguise.search.SearchFixture;
import org.maat.disguise.spec.DisguiseSpec;

/**
 * Review attack on "after a disguise, Maat's stores hold nothing of the principal ... nor their document ids": a
 * friend opened the user's friends-only document in the front-end, which appends {"time":...,"view":"dN"} to the
 * friend's own search history (SearchHistory.recordView, DATA/profile/FRIEND/history). The user deletes their account:
 * the document leaves the conduit store, the policy store, the index and every fact naming it (facts are scanned for
 * removed document ids), but nothing scans the other users' profiles, so the friend's history still names it.
 */
class FriendHistoryNamesDeletedDocumentReviewTest {

    static final DisguiseSpec DELETE = DisguiseSpecs.builtin("search-delete-account");

    @TempDir
    Path dir;

    @Test
    void aFriendsHistoryNoLongerNamesTheDeletedUsersDocument() throws Exception {
        SearchFixture f = SearchFixture.copy(dir);
        String doc = f.friendsOnlyDocument;
        // exactly the line SearchHistory.append writes for a view
        String needle = "\"view\":\"" + doc + "\"";
        Path history = f.data.profile(f.friend).resolve("history");
        Files.createDirectories(history.getParent());
        Files.writeString(history, "{\"time\":\"2026-11-26T09:30:00Z\"," + needle + "}\n", StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        assertThat(f.filesContaining(needle)).as("positive control: the friend's history names the document")
                .containsKey(history);

        try (SearchDisguises d = SearchDisguises.open(f.data, f.index.root())) {
            d.register(f.user, PrincipalKeys.generate().publicKey());
            d.apply(DELETE, f.user, PrincipalProof.none());
        }
        try (SearchFixture.Live live = f.open()) {
            assertThat(live.documentsOf(f.user)).as("the user's documents are gone").isEmpty();
        }
        assertThat(f.filesContaining(needle)).as("files still naming deleted document " + doc + " of " + f.user)
                .isEmpty();
    }
}
