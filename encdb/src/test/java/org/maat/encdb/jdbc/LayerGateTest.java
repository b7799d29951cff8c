package org.maat.encdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The gate's promise: a peel never runs while a statement is inside, and no statement enters while it runs. */
class LayerGateTest {

    private final LayerGate gate = new LayerGate();
    private final ExecutorService pool = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    @Test
    void aPeelWaitsForTheStatementsInsideAndForATransactionsLease() throws Exception {
        gate.enter();
        gate.enterAgain(); // the statement became a transaction's lease
        CountDownLatch peeled = new CountDownLatch(1);
        Future<?> peel = pool.submit(() -> {
            gate.peel(peeled::countDown);
            return null;
        });
        gate.exit(); // the statement ends, the lease stays
        assertThat(peeled.await(200, TimeUnit.MILLISECONDS)).isFalse();
        gate.exit(); // commit
        assertThat(peeled.await(30, TimeUnit.SECONDS)).isTrue();
        peel.get(30, TimeUnit.SECONDS);
    }

    @Test
    void aStatementArrivingDuringAPeelEntersOnlyAfterIt() throws Exception {
        CountDownLatch peeling = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        AtomicInteger insideDuringPeel = new AtomicInteger();
        CountDownLatch entered = new CountDownLatch(1);
        Future<?> peel = pool.submit(() -> {
            gate.peel(() -> {
                peeling.countDown();
                try {
                    finish.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                insideDuringPeel.set(entered.getCount() == 0 ? 1 : 0);
            });
            return null;
        });
        assertThat(peeling.await(30, TimeUnit.SECONDS)).isTrue();
        Future<?> statement = pool.submit(() -> {
            gate.enter();
            entered.countDown();
            gate.exit();
            return null;
        });
        assertThat(entered.await(200, TimeUnit.MILLISECONDS)).isFalse();
        finish.countDown();
        peel.get(30, TimeUnit.SECONDS);
        statement.get(30, TimeUnit.SECONDS);
        assertThat(entered.getCount()).isZero();
        assertThat(insideDuringPeel.get()).isZero();
    }

    @Test
    void manyStatementsAndPeelsNeverOverlap() throws Exception {
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger overlaps = new AtomicInteger();
        AtomicInteger peels = new AtomicInteger();
        Future<?>[] workers = new Future<?>[4];
        for (int w = 0; w < workers.length; w++) {
            boolean peeler = w == 0;
            workers[w] = pool.submit(() -> {
                for (int i = 0; i < (peeler ? 200 : 20_000); i++) {
                    if (peeler) {
                        gate.peel(() -> {
                            if (inside.get() != 0) {
                                overlaps.incrementAndGet();
                            }
                            peels.incrementAndGet();
                        });
                    } else {
                        gate.enter();
                        inside.incrementAndGet();
                        for (int s = 0; s < 50; s++) {
                            Thread.onSpinWait(); // stay inside a while, as a statement does
                        }
                        inside.decrementAndGet();
                        gate.exit();
                    }
                }
                return null;
            });
        }
        for (Future<?> f : workers) {
            f.get(120, TimeUnit.SECONDS);
        }
        assertThat(peels.get()).isEqualTo(200);
        assertThat(overlaps.get()).isZero();
    }
}
