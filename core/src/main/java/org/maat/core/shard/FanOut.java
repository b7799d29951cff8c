package org.maat.core.shard;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A search over every shard of an index, as a front-end runs it: each shard is asked in parallel,
 * through one of its replicas, and the shards' lists are merged into the top k by score.
 *
 * <p>Guarantees:
 * <ul>
 *   <li>Replicas: successive searches start at successive replicas of a shard (round robin), so
 *       load spreads evenly; a replica that fails with an {@link IOException} is skipped for the next
 *       one, and only when every replica of a shard failed does the search fail, with an
 *       {@link IOException} naming the shard and each replica's error.</li>
 *   <li>A refusal ({@link ShardRefusedException}), a rejected request
 *       ({@link IllegalArgumentException}, a query too expensive included) or a query that ran past its
 *       time budget ({@link org.maat.core.search.QueryTimedOutException}) from any shard ends the search
 *       with that error at once: no replica is tried again and no partial list is returned.</li>
 *   <li>Merge: by score (computed by each shard's runtime, not by its search task), higher first; equal scores go to the lower shard, then to the shard's own
 *       order; so the order depends only on what the shards answered. Shards partition the documents,
 *       so no id appears twice.</li>
 * </ul>
 * Thread-safe. Owns a pool of daemon threads for the parallel calls, which end when idle
 * ({@link IdleEndingThreads}); close it when done.
 */
public final class FanOut implements AutoCloseable {

    private final List<List<ShardSearcher>> shards;
    private final AtomicLong[] nextReplica;
    private final ExecutorService pool;

    /** {@code shards.get(i)}: the replicas of shard i, at least one each. */
    public FanOut(List<List<ShardSearcher>> shards) {
        if (shards.isEmpty()) {
            throw new IllegalArgumentException("a fan-out needs at least one shard");
        }
        this.shards = shards.stream().map(List::copyOf).toList();
        this.nextReplica = new AtomicLong[shards.size()];
        for (int i = 0; i < nextReplica.length; i++) {
            if (this.shards.get(i).isEmpty()) {
                throw new IllegalArgumentException("shard " + i + " has no replica");
            }
            nextReplica[i] = new AtomicLong();
        }
        this.pool = IdleEndingThreads.pool("maat-fanout");
    }

    /** One replica per shard. */
    public static FanOut ofShards(List<? extends ShardSearcher> shards) {
        return new FanOut(shards.stream().map(s -> List.<ShardSearcher>of(s)).toList());
    }

    public int shardCount() {
        return shards.size();
    }

    /**
     * The top {@code query.k()} hits over all shards, best first.
     *
     * @throws ShardRefusedException    if a shard's monitor refused
     * @throws IllegalArgumentException if a shard rejected the request
     * @throws IOException              if every replica of some shard failed
     */
    public List<ShardHit> search(ShardQuery query) throws IOException {
        List<ShardResult> results = new ArrayList<>(shards.size());
        if (shards.size() == 1) {
            results.add(searchShard(0, query));
        } else {
            // The calling thread asks shard 0 itself; the others go to the pool.
            List<Future<ShardResult>> others = new ArrayList<>(shards.size() - 1);
            for (int shard = 1; shard < shards.size(); shard++) {
                int s = shard;
                others.add(pool.submit(() -> searchShard(s, query)));
            }
            try {
                results.add(searchShard(0, query));
                for (Future<ShardResult> other : others) {
                    results.add(await(other));
                }
            } finally {
                others.forEach(f -> f.cancel(true));
            }
        }
        return merge(results, query.k());
    }

    /** Merges shards' lists (index i answered by shard i of the list) into the top {@code k}. */
    static List<ShardHit> merge(List<ShardResult> results, int k) {
        record Ranked(ShardHit hit, int shard, int rank) {
        }
        List<Ranked> all = new ArrayList<>();
        for (int s = 0; s < results.size(); s++) {
            List<ShardHit> hits = results.get(s).hits();
            for (int r = 0; r < hits.size(); r++) {
                all.add(new Ranked(hits.get(r), s, r));
            }
        }
        all.sort(Comparator.comparingDouble((Ranked r) -> r.hit().score()).reversed()
                .thenComparingInt(Ranked::shard)
                .thenComparingInt(Ranked::rank));
        return all.stream().limit(k).map(Ranked::hit).toList();
    }

    private ShardResult searchShard(int shard, ShardQuery query) throws IOException {
        List<ShardSearcher> replicas = shards.get(shard);
        int first = (int) Math.floorMod(nextReplica[shard].getAndIncrement(), (long) replicas.size());
        List<String> errors = new ArrayList<>();
        List<IOException> causes = new ArrayList<>();
        for (int i = 0; i < replicas.size(); i++) {
            ShardSearcher replica = replicas.get((first + i) % replicas.size());
            try {
                return replica.search(query);
            } catch (InterruptedIOException e) {
                throw e;
            } catch (IOException e) {
                errors.add(replica + ": " + e.getMessage());
                causes.add(e);
            }
        }
        IOException failed = new IOException("shard " + shard + ": no replica answered; " + String.join("; ", errors),
                causes.get(0));
        causes.stream().skip(1).forEach(failed::addSuppressed);
        throw failed;
    }

    private static ShardResult await(Future<ShardResult> future) throws IOException {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for a shard");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new IOException(cause);
        }
    }

    /** Stops the pool's threads; searches in progress finish. */
    @Override
    public void close() {
        pool.shutdown();
    }
}
