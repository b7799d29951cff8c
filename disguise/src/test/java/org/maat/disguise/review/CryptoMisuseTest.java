package org.maat.disguise.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.crypto.RecoveryPhrase;
import org.maat.disguise.crypto.Sealer;
import org.maat.disguise.crypto.UnsealException;
import org.maat.disguise.jdbc.JdbcDisguises;
import org.maat.disguise.store.Locator;

/** Secrets in messages, the HPKE suite under threads, associated data. */
class CryptoMisuseTest {

    @Test
    void sealAndOpenFromEightThreadsAllRoundTrip() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int thread = t;
                Callable<Integer> work = () -> {
                    int ok = 0;
                    for (int i = 0; i < 150; i++) {
                      try {
                        PrivateKey k = PrincipalKeys.generate();
                        byte[] ad = ("ad " + thread + "." + i).getBytes(StandardCharsets.UTF_8);
                        byte[] msg = ("message " + thread + "." + i).getBytes(StandardCharsets.UTF_8);
                        byte[] sealed = Sealer.seal(k.publicKey(), ad, msg);
                        if (new String(Sealer.open(k, ad, sealed), StandardCharsets.UTF_8).equals("message " + thread + "." + i)) {
                            ok++;
                        }
                      } catch (RuntimeException broken) {
                        // counted as a failed round trip: how many fail is the evidence
                      }
                    }
                    return ok;
                };
                results.add(pool.submit(work));
            }
            int ok = 0;
            for (Future<Integer> f : results) {
                ok += f.get();
            }
            assertThat(ok).as("seal/open round trips that succeeded out of 8 x 150 on 8 threads").isEqualTo(8 * 150);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void everyBagSealedOnEightThreadsOpensAfterwards() throws Exception {
        // The damaging case: a seal that completes but yields bytes its key cannot open is a disguise lost.
        PrivateKey k = PrincipalKeys.generate();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<byte[]>> sealed = new ArrayList<>();
        try {
            for (int i = 0; i < 1600; i++) {
                byte[] ad = ("ad " + i).getBytes(StandardCharsets.UTF_8);
                sealed.add(pool.submit(() -> {
                    try {
                        return Sealer.seal(k.publicKey(), ad, "a bag".getBytes(StandardCharsets.UTF_8));
                    } catch (RuntimeException failedToSeal) {
                        return null; // the seal failed loudly: the apply would roll back, nothing lost
                    }
                }));
            }
            List<byte[]> done = new ArrayList<>();
            for (Future<byte[]> f : sealed) {
                done.add(f.get());
            }
            pool.shutdown(); // every seal has finished: what follows runs on this thread alone
            int lost = 0;
            for (int i = 0; i < done.size(); i++) {
                byte[] s = done.get(i);
                if (s == null) {
                    continue;
                }
                try {
                    Sealer.open(k, ("ad " + i).getBytes(StandardCharsets.UTF_8), s);
                } catch (RuntimeException e) {
                    lost++;
                }
            }
            String afterwards;
            try {
                PrivateKey fresh = PrincipalKeys.generate();
                afterwards = new String(Sealer.open(fresh, new byte[1],
                        Sealer.seal(fresh.publicKey(), new byte[1], "ok".getBytes(StandardCharsets.UTF_8))),
                        StandardCharsets.UTF_8);
            } catch (RuntimeException e) {
                afterwards = e.toString();
            }
            assertThat(lost).as("bags sealed without error on 8 threads that do not open later on one thread, of 1600"
                    + " (a fresh single-threaded round trip afterwards gives: %s)", afterwards).isZero();
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void sealedWithOneAssociatedDataDoesNotOpenWithAnotherOrNone() {
        PrivateKey k = PrincipalKeys.generate();
        byte[] sealed = Sealer.seal(k.publicKey(), new byte[] {1, 2, 3}, "x".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> Sealer.open(k, new byte[0], sealed)).isInstanceOf(UnsealException.class);
        assertThatThrownBy(() -> Sealer.open(k, new byte[] {1, 2, 4}, sealed)).isInstanceOf(UnsealException.class);
    }

    @Test
    void keysAndPhrasesNeverAppearInToString() {
        PrivateKey k = PrincipalKeys.generate();
        assertThat(k.toString()).doesNotContain(k.toText()).doesNotContain(k.toText().substring(PrivateKey.PREFIX.length()));
        RecoveryPhrase p = RecoveryPhrase.generate();
        assertThat(p.toString()).doesNotContain(p.text()).doesNotContain(p.text().replace("-", ""))
                .doesNotContain(p.text().substring(0, 9));
    }

    @Test
    void errorsOfDisguiseOperationsNeverCarryAKeyOrALocator() throws SQLException {
        try (Connection conn = ReviewDb.open(3); JdbcDisguises d = new JdbcDisguises(conn)) {
            PrivateKey key = PrincipalKeys.generate();
            d.register(ReviewDb.email(1), key.publicKey());
            Receipt r = d.apply(DisguiseSpecs.builtin("websubmit-anonymize-account"), ReviewDb.email(1), PrincipalProof.none());
            Locator unknown = Locator.random();
            List<String> messages = new ArrayList<>();
            for (Runnable op : List.<Runnable>of(
                    () -> d.reveal(unknown, key),
                    () -> d.reveal(r.locator(), PrincipalKeys.generate()),
                    () -> d.apply(DisguiseSpecs.builtin("websubmit-delete-account"), ReviewDb.email(1),
                            new PrincipalProof(key, List.of(unknown))),
                    () -> d.apply(DisguiseSpecs.builtin("websubmit-delete-account"), ReviewDb.email(1),
                            new PrincipalProof(PrincipalKeys.generate(), List.of(r.locator()))))) {
                try {
                    op.run();
                    messages.add("(no error)");
                } catch (RuntimeException e) {
                    messages.add(String.valueOf(e.getMessage()));
                }
            }
            for (String m : messages) {
                assertThat(m).doesNotContain(key.toText())
                        .doesNotContain(unknown.toText()).doesNotContain(r.locator().toText());
            }
        }
    }
}
