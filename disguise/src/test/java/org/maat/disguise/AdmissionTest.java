package org.maat.disguise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class AdmissionTest {

    /** 30 threads at once, each holding its admission for a while: the most ever inside is what the limit says. */
    private static int mostAtOnce(Admission admission) throws InterruptedException {
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 30; t++) {
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                admission.run(() -> {
                    most.accumulateAndGet(inside.incrementAndGet(), Math::max);
                    try {
                        Thread.sleep(5);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return inside.decrementAndGet();
                });
            });
            threads.add(thread);
            thread.start();
        }
        start.countDown();
        for (Thread thread : threads) {
            thread.join();
        }
        return most.get();
    }

    @Test
    void aBurstOfDisguisersIsAdmittedNoMoreThanTheLimitAtOnce() throws InterruptedException {
        assertThat(mostAtOnce(Admission.limitedTo(1))).isOne();
        assertThat(mostAtOnce(Admission.limitedTo(3))).isBetween(2, 3);
        assertThat(mostAtOnce(Admission.unlimited())).as("the control: no limit lets them overlap").isGreaterThan(3);
    }

    @Test
    void aFailingOperationGivesItsAdmissionBack() throws InterruptedException {
        Admission one = Admission.limitedTo(1);
        assertThatThrownBy(() -> one.run(() -> {
            throw new DisguiseException("refused");
        })).hasMessage("refused");
        assertThat(mostAtOnce(one)).isOne();
        assertThatThrownBy(() -> Admission.limitedTo(0)).hasMessageContaining("at least one");
    }
}
