package org.maat.core.shard;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Thread pools for work whose concurrency its callers already bound (the front-end admits a few
 * searches at once): a thread per task in flight, none kept once idle for {@link #KEEP_ALIVE_SECONDS}
 * seconds, so the threads of a burst are gone seconds after it (a cached pool keeps them a minute).
 */
final class IdleEndingThreads {

    static final long KEEP_ALIVE_SECONDS = 2;
    private static final AtomicInteger POOLS = new AtomicInteger();

    private IdleEndingThreads() {
    }

    /** A pool of daemon threads named {@code prefix-P-N}. */
    static ExecutorService pool(String prefix) {
        int pool = POOLS.incrementAndGet();
        AtomicInteger threads = new AtomicInteger();
        return new ThreadPoolExecutor(0, Integer.MAX_VALUE, KEEP_ALIVE_SECONDS, TimeUnit.SECONDS,
                new SynchronousQueue<>(), r -> {
                    Thread t = new Thread(r, prefix + "-" + pool + "-" + threads.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
    }
}
