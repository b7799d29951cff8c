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
     * Another session of the same user keeps searching while the user deletes the account: no search
     * that was under way may write the deleted user's history back (profile/USER), and the restore must
     * not then be refused for "a profile of that name created since".
     */
    @Test
    void aSearchUnderWayInAnotherSessionWritesNoHistoryBackAfterTheDelete() throws Exception {
        String owner = "u3";
        UserSession user = site.login(owner, null);
        AccountDisguises.IssuedKey key = disguises.createKey(user);
        List<UserSession> others = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            others.add(site.login(owner, null));
        }
        site.frontend.search(others.get(0), "parliament", 10);
        Path profile = site.dir.profile(owner);
        assertThat(profile).as("the user has a history before").exists();

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
        Thread.sleep(100);
        Receipt receipt = disguises.disguise(user, Kind.DELETE, site.password(owner));
        Thread.sleep(300);
        stop.set(true);
        for (Future<?> f : running) {
            f.get();
        }
        pool.shutdown();
        boolean resurrected = Files.exists(profile);
        String written = resurrected ? Files.readString(profile.resolve("history")) : "";
        int restore = status(() -> disguises.restore(ReceiptFile.text(receipt), key.recoveryPhrase()));
        assertThat("profile/" + owner + " exists: " + resurrected + " " + written.strip() + "; restore: " + restore)
                .as("after the delete and concurrent searches").isEqualTo("profile/" + owner + " exists: false ; restore: 200");
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
