package org.maat.frontend.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.task.Monitoring;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Receipt;
import org.maat.disguise.ReceiptFile;
import org.maat.disguise.RevealReport;
import org.maat.disguise.crypto.RecoveryPhrase;
import org.maat.disguise.search.SearchDisguises;
import org.maat.frontend.app.AccountDisguises.Kind;
import org.maat.policy.Conduit;

/**
 * The front-end's account disguises over a real site (generated data, monitored 2-shard index, the
 * search disguise engine over the front-end's own open data set): what the user sees before, after a
 * deletion and after the restore, and every refusal changing nothing.
 */
class AccountDisguisesTest {

    @TempDir
    static Path root;
    static TestSite site;
    static AccountDisguises disguises;

    @BeforeAll
    static void open() throws IOException {
        site = TestSite.openForChanges(root);
        disguises = new AccountDisguises(site.frontend, new SearchDisguises(site.data, site.accounts, site.index(),
                Monitoring.REFERENCE_MONITOR), DisguiseSpecs.builtin(Kind.DELETE.spec()),
                DisguiseSpecs.builtin(Kind.ANONYMIZE.spec()));
    }

    @AfterAll
    static void close() throws IOException {
        disguises.close();
        site.close();
    }

    private static int status(Runnable call) {
        try {
            call.run();
        } catch (RequestException e) {
            return e.status();
        }
        return 200;
    }

    private static String message(Runnable call) {
        try {
            call.run();
        } catch (RequestException e) {
            return e.getMessage();
        }
        throw new AssertionError("not refused");
    }

    @Test
    void deletedAccountSignsInNoMoreAndComesBackWithTheReceiptAndPhrase() throws IOException {
        Conduit doc = site.documents("public", c -> !site.blocked("r0", c.id()) && !c.owner().startsWith("e"))
                .get(0);
        String owner = doc.owner();
        UserSession user = site.login(owner, "r0");
        UserSession elsewhere = site.login(owner, null);
        assertThat(message(() -> disguises.disguise(user, Kind.DELETE, site.password(owner))))
                .contains("no disguise key").contains("create your disguise key");

        AccountDisguises.IssuedKey key = disguises.createKey(user);
        assertThat(RecoveryPhrase.parse(key.recoveryPhrase()).privateKey().toText()).isEqualTo(key.privateKey());
        assertThat(status(() -> disguises.disguise(user, Kind.DELETE, "wrong"))).isEqualTo(403);
        assertThat(site.frontend.document(user, doc.id()).id()).as("a refusal changed nothing").isEqualTo(doc.id());

        Receipt receipt = disguises.disguise(user, Kind.DELETE, site.password(owner));
        assertThat(receipt.principal()).isEqualTo(owner);
        assertThat(user.isClosed()).isTrue();
        assertThat(elsewhere.isClosed()).as("every session of the user ends").isTrue();
        assertThat(site.frontend.login(owner, site.password(owner), null)).isEmpty();
        UserSession stranger = site.login(site.stranger(owner), "r0");
        assertThat(status(() -> {
            try {
                site.frontend.document(stranger, doc.id());
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        })).isEqualTo(404);
        assertThat(site.frontend.search(stranger, TestSite.word(doc.id()), 10).hits()).as("the shards see it at once")
                .isEmpty();

        String receiptText = ReceiptFile.text(receipt);
        assertThat(status(() -> disguises.restore(receiptText, RecoveryPhrase.generate().text()))).isEqualTo(403);
        assertThat(site.frontend.login(owner, site.password(owner), null)).as("nothing half-restored").isEmpty();

        RevealReport report = disguises.restore(receiptText, key.recoveryPhrase());
        assertThat(report.principal()).isEqualTo(owner);
        assertThat(report.restored()).isPositive();
        assertThat(message(() -> disguises.restore(receiptText, key.privateKey()))).contains("nothing was restored");

        UserSession back = site.login(owner, "r0");
        assertThat(site.frontend.document(back, doc.id()).body()).contains(TestSite.word(doc.id()));
        // The shards search the re-added document once they find its publication (ShardIndex rechecks
        // every 50 ms, 250 ms while the published files are fresh).
        long deadline = System.nanoTime() + 2_000_000_000L;
        while (site.frontend.search(back, TestSite.word(doc.id()), 10).hits().isEmpty()
                && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertThat(site.frontend.search(back, TestSite.word(doc.id()), 10).hits()).extracting(SearchResult.Hit::id)
                .containsExactly(doc.id());
        assertThat(site.frontend.search(stranger, TestSite.word(doc.id()), 10).hits()).extracting(SearchResult.Hit::id)
                .containsExactly(doc.id());
    }

    @Test
    void aSessionThatEndedCannotMakeAKeyOrDisguise() {
        UserSession user = site.login("u2", null);
        user.close();
        assertThat(status(() -> disguises.createKey(user))).isEqualTo(401);
        assertThat(status(() -> disguises.disguise(user, Kind.ANONYMIZE, site.password("u2")))).isEqualTo(401);
    }
}
