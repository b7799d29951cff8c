package org.maat.frontend.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.task.Monitoring;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Receipt;
import org.maat.disguise.ReceiptFile;
import org.maat.disguise.crypto.RecoveryPhrase;
import org.maat.disguise.search.SearchDisguises;
import org.maat.disguise.store.Locator;
import org.maat.frontend.app.AccountDisguises;
import org.maat.frontend.app.AccountDisguises.Kind;
import org.maat.frontend.app.RequestException;
import org.maat.frontend.app.TestSite;
import org.maat.frontend.app.UserSession;

/**
 * Adversarial review of the front-end's account disguises, over a real site (generated data, monitored
 * 2-shard index, the engine over the front-end's own open data set). Each test fails when a promise of
 * {@code AccountDisguises} or of the design is broken.
 */
class AccountDisguiseAttacksTest {

    @TempDir
    Path root;
    TestSite site;
    AccountDisguises disguises;

    @BeforeEach
    void open() throws IOException {
        site = TestSite.openForChanges(root);
        disguises = new AccountDisguises(site.frontend, new SearchDisguises(site.data, site.accounts, site.index(),
                Monitoring.REFERENCE_MONITOR), DisguiseSpecs.builtin(Kind.DELETE.spec()),
                DisguiseSpecs.builtin(Kind.ANONYMIZE.spec()));
    }

    @AfterEach
    void close() throws IOException {
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

    /**
     * Another session of the same user is searching while the user deletes the account: a search that
     * passed its session check before the delete must not write the deleted user's history back
     * (profile/USER, with the query in clear), and the restore must not then be refused for "a profile
     * of that name created since". Deterministic: the shards hold the search until the delete is done.
     */
    @Test
    void aSearchUnderWayInAnotherSessionWritesNoHistoryBackAfterTheDelete() throws Exception {
        CountDownLatch searching = new CountDownLatch(1);
        CountDownLatch deleted = new CountDownLatch(1);
        AtomicBoolean hold = new AtomicBoolean();
        disguises.close();
        site.close();
        site = TestSite.openForChanges(Files.createDirectories(root.resolve("held")), shard -> query -> {
            if (hold.get() && query.user().equals("u3")) {
                searching.countDown();
                try {
                    deleted.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return shard.search(query);
        });
        disguises = new AccountDisguises(site.frontend, new SearchDisguises(site.data, site.accounts, site.index(),
                Monitoring.REFERENCE_MONITOR), DisguiseSpecs.builtin(Kind.DELETE.spec()),
                DisguiseSpecs.builtin(Kind.ANONYMIZE.spec()));
        String owner = "u3";
        UserSession user = site.login(owner, null);
        UserSession other = site.login(owner, null);
        AccountDisguises.IssuedKey key = disguises.createKey(user);
        site.frontend.search(other, "parliament", 10);
        Path profile = site.dir.profile(owner);
        assertThat(profile).as("the user has a history before").exists();

        hold.set(true);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        Future<String> search = pool.submit(() -> {
            try {
                return "answered " + site.frontend.search(other, "parliament budget", 10).hits().size() + " hits";
            } catch (RequestException | IllegalStateException | IOException ended) {
                return "refused: " + ended.getMessage();
            }
        });
        searching.await();
        Receipt receipt = disguises.disguise(user, Kind.DELETE, site.password(owner));
        deleted.countDown();
        String outcome = search.get();
        pool.shutdown();
        boolean resurrected = Files.exists(profile);
        String written = resurrected ? Files.readString(profile.resolve("history")) : "";
        int restore = status(() -> disguises.restore(ReceiptFile.text(receipt), key.recoveryPhrase()));
        assertThat("profile/" + owner + " exists: " + resurrected + " " + written.strip() + "; restore: " + restore)
                .as("after the delete, the held search " + outcome)
                .isEqualTo("profile/" + owner + " exists: false ; restore: 200");
    }

    /**
     * The same as a race, without holding anything: sessions of the user keep searching through rounds of
     * delete and restore. A search whose history write passes the monitor between the moment the delete
     * removes profile/USER and the moment it ends the user's sessions writes the history back.
     */
    @Test
    void searchesOfTheUserDuringRoundsOfDeleteAndRestoreNeverWriteTheHistoryBack() throws Exception {
        String owner = "u3";
        Path profile = site.dir.profile(owner);
        String outcome = "no round resurrected the history";
        for (int round = 0; round < 8; round++) {
            UserSession user = site.login(owner, null);
            AccountDisguises.IssuedKey key = disguises.createKey(user);
            List<UserSession> others = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                others.add(site.login(owner, null));
            }
            AtomicBoolean stop = new AtomicBoolean();
            ExecutorService pool = Executors.newFixedThreadPool(others.size());
            List<Future<?>> running = new ArrayList<>();
            for (UserSession other : others) {
                running.add(pool.submit(() -> {
                    while (!stop.get()) {
                        try {
                            site.frontend.search(other, "parliament budget", 10);
                        } catch (RequestException | IllegalStateException | IOException ended) {
                            // the session ended: what matters is what it wrote
                        }
                    }
                    return null;
                }));
            }
            Thread.sleep(50);
            Receipt receipt = disguises.disguise(user, Kind.DELETE, site.password(owner));
            Thread.sleep(100);
            stop.set(true);
            for (Future<?> f : running) {
                f.get();
            }
            pool.shutdown();
            if (Files.exists(profile)) {
                outcome = "round " + round + ": profile/" + owner + " written back after the delete ("
                        + Files.readString(profile.resolve("history")).strip() + "); restore answered "
                        + status(() -> disguises.restore(ReceiptFile.text(receipt), key.recoveryPhrase()));
                break;
            }
            assertThat(status(() -> disguises.restore(ReceiptFile.text(receipt), key.recoveryPhrase()))).isEqualTo(200);
        }
        assertThat(outcome).isEqualTo("no round resurrected the history");
    }

    @Test
    void twoHundredConcurrentRestoresWithOneReceiptSucceedExactlyOnce() throws Exception {
        String owner = "u4";
        UserSession user = site.login(owner, null);
        AccountDisguises.IssuedKey key = disguises.createKey(user);
        String receipt = ReceiptFile.text(disguises.disguise(user, Kind.ANONYMIZE, site.password(owner)));
        ExecutorService pool = Executors.newFixedThreadPool(32);
        CountDownLatch go = new CountDownLatch(1);
        AtomicInteger ok = new AtomicInteger();
        AtomicInteger forbidden = new AtomicInteger();
        List<Future<?>> all = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            all.add(pool.submit(() -> {
                go.await();
                int s = status(() -> disguises.restore(receipt, key.recoveryPhrase()));
                (s == 200 ? ok : forbidden).incrementAndGet();
                assertThat(s).isIn(200, 403);
                return null;
            }));
        }
        go.countDown();
        for (Future<?> f : all) {
            f.get();
        }
        pool.shutdown();
        assertThat(ok.get()).isEqualTo(1);
        assertThat(forbidden.get()).isEqualTo(199);
        assertThat(site.frontend.login(owner, site.password(owner), null)).isPresent();
    }

    @Test
    void aRecoveryPhraseWithAWrongChecksumIsAMalformedKeyNotAnotherKey() {
        String[] words = RecoveryPhrase.generate().text().split("-");
        String[] altered = words.clone();
        // swap two groups (a common transcription slip): a checksum over the phrase must notice
        altered[0] = words[1];
        altered[1] = words[0];
        String phrase = String.join("-", altered);
        String locator = Locator.random().toText();
        assertThat(status(() -> disguises.restore(locator, phrase))).as("phrase with a wrong checksum: " + phrase)
                .isEqualTo(400);
    }

    @Test
    void aSessionOfOneUserCannotDisguiseAnotherEvenWithTheirPassword() {
        UserSession a = site.login("u5", null);
        UserSession b = site.login("u6", null);
        disguises.createKey(b);
        int s = status(() -> disguises.disguise(a, Kind.DELETE, site.password("u6")));
        assertThat(s).isEqualTo(403);
        assertThat(site.frontend.login("u6", site.password("u6"), null)).isPresent();
        assertThat(site.frontend.login("u5", site.password("u5"), null)).isPresent();
    }
}
