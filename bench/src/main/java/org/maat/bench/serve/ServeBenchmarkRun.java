package org.maat.bench.serve;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import org.maat.core.accounts.PasswordHasher;
import org.maat.server.Topology;

/**
 * One run of {@code maat bench serve}: {@link #prepare} generates and indexes the data sets
 * ({@link BenchData}), {@link #measure} runs the load ({@link ServeBenchmark}).
 */
public final class ServeBenchmarkRun {

    private final Topology topology;
    private final int clients;
    private final int k;
    private final long seed;
    private BenchData data;

    public ServeBenchmarkRun(Topology topology, int clients, int k, long seed) {
        this.topology = topology;
        this.clients = clients;
        this.k = k;
        this.seed = seed;
    }

    public void prepare(Path work, int documents, int users, PasswordHasher hasher, Consumer<String> log)
            throws java.io.IOException {
        data = BenchData.prepare(work, documents, users, topology.shards(), seed, hasher, log);
    }

    /** Results by session length, then configuration ({@link ServeBenchmark#CONFIGS} order). */
    public Map<Integer, Map<String, ServeBenchmark.Figures>> measure(Path war, Path work, List<Integer> lengths,
                                                                      int sessions, int warmup, int maxSeconds,
                                                                      IntConsumer progress) throws Exception {
        if (data == null) {
            throw new IllegalStateException("prepare the data first");
        }
        return new ServeBenchmark(data, topology, clients, k, seed).run(war, work, lengths, sessions, warmup,
                maxSeconds, progress);
    }
}
