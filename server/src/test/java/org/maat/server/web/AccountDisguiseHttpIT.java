package org.maat.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.policy.Conduit;
import org.maat.server.Topology;

/**
 * A user deletes their account and restores it, over the JSON API of the WAR deployed as {@code maat serve}
 * runs it (embedded Jetty, in-process shard servers on 127.0.0.1): the deletion is seen at once by
 * sign-in, by the shards' searches and by document views, and so is the restore. Each bad request is
 * refused with a message and changes nothing.
 */
class AccountDisguiseHttpIT {

    /** A well-formed recovery phrase (its check characters match) that is nobody's here. */
    private static final String ANOTHER_USERS_PHRASE = "PK2P-A5PM-YGA4-4PMR-2891-NDEA-SS5V-PHM3";


    @TempDir
    static Path dir;
    static ServedSite site;

    @BeforeAll
    static void start() throws IOException {
        site = ServedSite.start(dir, Topology.parse("2servers"), c -> c);
    }

    @AfterAll
    static void stop() throws IOException {
        site.close();
    }

    private static ApiClient signedIn(String user) throws IOException {
        ApiClient client = new ApiClient(site.url());
        ApiClient.Reply r = client.login(user, site.password(user));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return client;
    }

    private static List<String> ids(ApiClient client, String query) throws IOException {
        ApiClient.Reply search = client.get("api/search?q=" + ApiClient.enc(query));
        assertThat(search.status()).as(search.body()).isEqualTo(200);
        List<String> ids = new ArrayList<>();
        search.json().get("hits").forEach(h -> ids.add(h.get("id").asText()));
        return ids;
    }

    /** Searches until {@code id} is found, for at most {@link #SHARD_FOLLOWS}. */
    private static void awaitHit(ApiClient client, String query, String id) throws IOException {
        long deadline = System.nanoTime() + SHARD_FOLLOWS.toNanos();
        while (!ids(client, query).contains(id) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted");
            }
        }
    }

    /** Longest a shard server may take to search a new publication: a few of its rechecks. */
    static final Duration SHARD_FOLLOWS = Duration.ofSeconds(2);

    private static void refused(ApiClient.Reply r, int status, String message) {
        assertThat(r.status()).as(r.body()).isEqualTo(status);
        assertThat(r.contentType()).startsWith("application/json");
        assertThat(r.json().get("message").asText()).containsIgnoringCase(message);
        assertThat(r.body()).doesNotContain("Exception").doesNotContain("\tat ");
    }

    /** A public document, visible in region r0, of an owner no other test here disguises. */
    private static Conduit publicDocumentOfAnotherOwner(String notOwnedBy) {
        return site.documents("public", c -> !site.blocked("r0", c.id()) && !c.owner().equals(notOwnedBy)
                && !c.owner().startsWith("e")).get(0);
    }

    @Test
    void deletedAccountIsGoneEverywhereAtOnceAndTheReceiptAndPhraseBringItAllBack() throws IOException {
        Conduit doc = publicDocumentOfAnotherOwner("");
        String owner = doc.owner();
        String word = ServedSite.word(doc.id());
        ApiClient stranger = signedIn(site.stranger(owner));
        ApiClient user = signedIn(owner);
        assertThat(ids(user, word)).containsExactly(doc.id());
        assertThat(ids(stranger, word)).containsExactly(doc.id());

        refused(user.post("api/account/delete", Map.of("password", site.password(owner))), 400, "key");
        ApiClient.Reply key = user.post("api/account/key", Map.of());
        assertThat(key.status()).as(key.body()).isEqualTo(200);
        String phrase = key.json().get("recoveryPhrase").asText();
        assertThat(key.json().get("privateKey").asText()).startsWith("maat-sk1.");
        assertThat(key.json().get("publicKey").asText()).startsWith("maat-pk1.");

        refused(user.post("api/account/delete", Map.of("password", "wrong")), 403, "wrong password");
        refused(user.post("api/account/delete", Map.of()), 400, "password");
        assertThat(user.get("api/account/delete").status()).isEqualTo(405);
        assertThat(ids(user, word)).as("refused requests changed nothing").containsExactly(doc.id());

        ApiClient.Reply deleted = user.post("api/account/delete", Map.of("password", site.password(owner)));
        assertThat(deleted.status()).as(deleted.body()).isEqualTo(200);
        JsonNode receipt = deleted.json();
        assertThat(receipt.get("disguise").asText()).isEqualTo("search-delete-account");
        assertThat(receipt.get("locator").asText()).startsWith("maat-loc1.");
        assertThat(receipt.get("changes").asInt()).isPositive();

        assertThat(user.get("api/search?q=" + word).status()).as("the session ended").isEqualTo(401);
        assertThat(new ApiClient(site.url()).login(owner, site.password(owner)).status()).isEqualTo(401);
        assertThat(ids(stranger, word)).as("the shards no longer find it").isEmpty();
        assertThat(stranger.get("api/doc?id=" + doc.id()).status()).isEqualTo(404);

        ApiClient anyone = new ApiClient(site.url());
        refused(anyone.post("api/account/restore", Map.of("receipt", "{\"locator\": \"nope\"}", "key", phrase)),
                400, "not a receipt");
        refused(anyone.post("api/account/restore", Map.of("receipt", deleted.body(), "key", "not a phrase")),
                400, "neither a recovery phrase nor a key file");
        refused(anyone.post("api/account/restore", Map.of("receipt", deleted.body(),
                "key", ANOTHER_USERS_PHRASE)), 403, "nothing was restored");
        refused(anyone.post("api/account/restore", Map.of("receipt", deleted.body(),
                "key", "AAAA-AAAA-AAAA-AAAA-AAAA-AAAA-AAAA-AAAA")), 400, "mistyped");
        assertThat(new ApiClient(site.url()).login(owner, site.password(owner)).status())
                .as("a refused restore restored nothing").isEqualTo(401);

        ApiClient.Reply restored = anyone.post("api/account/restore", Map.of("receipt", deleted.body(), "key", phrase));
        assertThat(restored.status()).as(restored.body()).isEqualTo(200);
        assertThat(restored.json().get("principal").asText()).isEqualTo(owner);
        assertThat(restored.json().get("restored").asInt()).isPositive();
        refused(anyone.post("api/account/restore", Map.of("receipt", deleted.body(), "key", phrase)), 403,
                "nothing was restored");

        ApiClient back = signedIn(owner);
        // Sign-in and document views see the restore when it returns; a shard server sees the re-added
        // document once it finds the new publication, which it looks for before a search (ShardIndex:
        // every 50 ms, every 250 ms while the published files are fresh). Hidden documents need no
        // wait: the front-end drops hits of documents that are gone.
        awaitHit(back, word, doc.id());
        assertThat(ids(back, word)).containsExactly(doc.id());
        assertThat(back.get("api/doc?id=" + doc.id()).json().get("body").asText()).contains(word);
        assertThat(ids(stranger, word)).containsExactly(doc.id());
    }

    @Test
    void anonymizedAccountsDocumentsStaySearchableWithoutTheirOwnerUntilRestoredWithUploadedReceiptAndKeyFiles() throws IOException {
        Conduit first = publicDocumentOfAnotherOwner("");
        Conduit doc = publicDocumentOfAnotherOwner(first.owner());
        String owner = doc.owner();
        String word = ServedSite.word(doc.id());
        ApiClient stranger = signedIn(site.stranger(owner));
        ApiClient user = signedIn(owner);
        String keyText = user.post("api/account/key", Map.of()).json().get("privateKey").asText();

        ApiClient.Reply anonymized = user.post("api/account/anonymize", Map.of("password", site.password(owner)));
        assertThat(anonymized.status()).as(anonymized.body()).isEqualTo(200);
        assertThat(anonymized.json().get("disguise").asText()).isEqualTo("search-anonymize-account");
        assertThat(new ApiClient(site.url()).login(owner, site.password(owner)).status()).isEqualTo(401);
        assertThat(ids(stranger, word)).as("an anonymized document stays").containsExactly(doc.id());

        ApiClient anyone = new ApiClient(site.url());
        refused(anyone.postFiles("api/account/restore", Map.of("receiptFile", anonymized.body(),
                "keyFile", "\u00ff\u00fe")), 400, "neither a recovery phrase nor a key file");
        ApiClient.Reply restored = anyone.postFiles("api/account/restore",
                Map.of("receiptFile", anonymized.body(), "keyFile", keyText + "\n"));
        assertThat(restored.status()).as(restored.body()).isEqualTo(200);
        ApiClient back = signedIn(owner);
        awaitHit(back, word, doc.id());
        assertThat(ids(back, word)).containsExactly(doc.id());
    }

    @Test
    void accountPagesNeedASessionAndRestoreNeedsNone() throws IOException {
        ApiClient anyone = new ApiClient(site.url());
        assertThat(anyone.post("api/account/key", Map.of()).status()).isEqualTo(401);
        assertThat(anyone.get("account").status()).as("a page: to sign-in").isEqualTo(302);
        ApiClient.Reply form = anyone.get("restore");
        assertThat(form.status()).isEqualTo(200);
        assertThat(form.body()).contains("multipart/form-data").contains("Restore");
        refused(anyone.post("api/account/restore", Map.of()), 400, "receipt");
        assertThat(anyone.get("api/account/nothing").status()).isEqualTo(404);
    }
}
