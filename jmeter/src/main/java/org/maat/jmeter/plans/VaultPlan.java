package org.maat.jmeter.plans;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maat.jmeter.run.LoadSettings;
import org.maat.jmeter.run.RunContext;
import org.maat.jmeter.run.SeriesRunner;
import org.maat.jmeter.run.SeriesTags;
import org.maat.jmeter.run.Target;
import org.maat.jmeter.run.Workload;

/**
 * {@code vault} (Tutamen's performance figures): get-token ({@code POST /acs/tokens}, the verifier
 * of account membership alone) and fetch-secret ({@code GET} of the stored share with a reused read token),
 * each over reused connections (keepalive) and over a new connection per request, and the mutual-TLS no-op
 * with a new connection per request (the cost of the handshake alone); adaptive, then open-model for the
 * fresh series ({@link #load}), against a {@link BenchVault} started for the run. All with mutual TLS: JMeter presents the client certificate.
 *
 * <p>"Fresh" connections: keepalive off and JMeter's per-thread SSL context reset every iteration
 * ({@code https.use.cached.ssl.context=false}), so that a request does not resume the session of the one
 * before. Whether the JDK resumed none is not checked here (JMeter does not count handshakes);
 * {@code bin/maat bench vault} is the harness that proves its fresh handshakes were full ones.
 *
 * <p>The counted label of each series names operation and connection mode, e.g. {@code get-token-reuse}.
 */
final class VaultPlan implements Plan {

    /** Longer than the longest fetch series (adaptive and open), so its one token never expires mid-run. */
    private static final Duration READ_TOKEN_TTL = Duration.ofHours(1);

    /** An operation Tutamen measures, over one kind of connection. */
    enum Series {
        GET_TOKEN_REUSE("get-token", true),
        GET_TOKEN_FRESH("get-token", false),
        FETCH_SECRET_REUSE("fetch-secret", true),
        FETCH_SECRET_FRESH("fetch-secret", false),
        NOOP_MTLS_FRESH("noop-mtls", false);

        final String operation;
        final boolean keepalive;

        Series(String operation, boolean keepalive) {
            this.operation = operation;
            this.keepalive = keepalive;
        }

        /** The counted label and the workload's name: operation, then {@code reuse} or {@code fresh}. */
        String label() {
            return operation + (keepalive ? "-reuse" : "-fresh");
        }
    }

    @Override
    public void run(BenchSettings settings, RunContext context) throws Exception {
        SeriesRunner runner = new SeriesRunner(context, settings.warmUpSteps());
        try (BenchVault vault = BenchVault.start(context.runDir().resolve("work").resolve("vault"), context.log())) {
            Target target = vault.target();
            for (Series s : series(settings)) {
                Workload w = workload(s, s.operation.equals("fetch-secret") ? vault.readToken(READ_TOKEN_TTL) : "");
                LoadSettings load = load(s, settings);
                runner.warmUp(w, target, load);
                runner.adaptiveThenOpen(w, target, load, SeriesTags.none());
            }
        }
    }

    /**
     * A reuse series runs no open model: JMeter's open-model thread group starts a thread per arrival, and a
     * thread's connection dies with it, so its rates would measure fresh connections against a knee of reused
     * ones (and overload the vault at once: the first full run queued 1,000 threads at 7 s each). Nor does
     * any series of a quick run.
     */
    static LoadSettings load(Series s, BenchSettings settings) {
        LoadSettings load = settings.load();
        // --quick checks the run and report, not the vault under a fixed rate: on a loaded 2-core machine a
        // fresh-handshake rate can fail every sample (JMeter builds a thread and TLS context per arrival).
        return s.keepalive || settings.quick() ? new LoadSettings(load.stepSeconds(), load.levels(), List.of()) : load;
    }

    @Override
    public int workloads(BenchSettings settings) {
        return series(settings).size();
    }

    /** Quick: one series per operation and mode (get-token reused, fetch-secret fresh); else all. */
    static List<Series> series(BenchSettings settings) {
        return settings.quick() ? List.of(Series.GET_TOKEN_REUSE, Series.FETCH_SECRET_FRESH) : List.of(Series.values());
    }

    static Workload workload(Series s, String readToken) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("protocol", "https");
        p.put("request.label", s.label());
        p.put("keepalive", Boolean.toString(s.keepalive));
        p.put("expected.status", "200");
        switch (s.operation) {
            case "get-token":
                p.put("request.method", "POST");
                p.put("request.path", "/acs/tokens");
                p.put("request.body", "{\"object\":\"collection:" + BenchVault.COLLECTION
                        + "\",\"action\":\"read\",\"ttl\":300}");
                break;
            case "fetch-secret":
                p.put("request.method", "GET");
                p.put("request.path", BenchVault.secretPath());
                p.put("request.body", "");
                p.put("tokens", readToken);
                break;
            default:
                p.put("request.method", "GET");
                p.put("request.path", "/acs/noop");
                p.put("request.body", "");
        }
        if (!s.keepalive) {
            p.put("https.use.cached.ssl.context", "false");
        }
        return Workload.of(s.label(), p, Map.of(s.label(), 1));
    }
}
