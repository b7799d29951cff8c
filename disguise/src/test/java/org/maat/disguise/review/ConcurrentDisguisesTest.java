package org.maat.disguise.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.jdbc.JdbcDisguises;

/**
 * Eight applications in one JVM (a front-end serving users at once), each with its own database: every
 * disguise that committed must reveal later. A committed disguise whose bag does not open is data lost.
 */
class ConcurrentDisguisesTest {

    private static final int THREADS = 8;
    private static final int USERS = 25;

    @Test
    void everyCommittedDisguiseRevealsAfterConcurrentApplies() throws Exception {
        List<Connection> conns = new ArrayList<>();
        List<JdbcDisguises> all = new ArrayList<>();
        List<PrivateKey> keys = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int[] answers = new int[USERS];
            java.util.Arrays.fill(answers, 3);
            Connection c = ReviewDb.open(answers);
            JdbcDisguises d = new JdbcDisguises(c);
            conns.add(c);
            all.add(d);
        }
        for (int u = 1; u <= USERS; u++) {
            PrivateKey k = PrincipalKeys.generate();
            keys.add(k);
            for (JdbcDisguises d : all) {
                d.register(ReviewDb.email(u), k.publicKey());
            }
        }
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        List<Future<List<Receipt>>> applied = new ArrayList<>();
        try {
            for (JdbcDisguises d : all) {
                applied.add(pool.submit(() -> {
                    List<Receipt> receipts = new ArrayList<>();
                    for (int u = 1; u <= USERS; u++) {
                        try {
                            receipts.add(d.apply(DisguiseSpecs.builtin("websubmit-delete-account"), ReviewDb.email(u),
                                    PrincipalProof.none()));
                        } catch (RuntimeException rolledBack) {
                            receipts.add(null); // refused loudly: nothing changed, nothing lost
                        }
                    }
                    return receipts;
                }));
            }
            List<List<Receipt>> receipts = new ArrayList<>();
            for (Future<List<Receipt>> f : applied) {
                receipts.add(f.get());
            }
            pool.shutdown();
            int committed = 0;
            List<String> lost = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                for (int u = 1; u <= USERS; u++) {
                    Receipt r = receipts.get(t).get(u - 1);
                    if (r == null) {
                        continue;
                    }
                    committed++;
                    try {
                        all.get(t).reveal(r.locator(), keys.get(u - 1));
                    } catch (RuntimeException e) {
                        lost.add("db" + t + "/" + ReviewDb.email(u) + ": " + e.getMessage());
                    }
                }
            }
            assertThat(lost).as("committed disguises (of %d) that can never be revealed", committed).isEmpty();
        } finally {
            pool.shutdownNow();
            for (int t = 0; t < THREADS; t++) {
                all.get(t).close();
                conns.get(t).close();
            }
        }
    }
}
