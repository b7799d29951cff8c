package org.maat.jmeter.report;

import java.util.Map;
import org.maat.bench.report.MarkdownTable;

/**
 * {@code vault}: per series (operation and connection mode, its counted label, e.g. {@code get-token-reuse})
 * the knee of its closed-loop curve, the latency there and the highest stable open-model rate, with the
 * Tutamen's figure beside it. Tutamen's Python client does not say whether it reused connections, so its
 * figure stands beside both modes.
 */
final class VaultSection implements PlanSection {

    @Override
    public void write(RunDescription run, RunSamples samples, ReportDraft draft) {
        Workloads workloads = new Workloads(run, samples);
        draft.heading(2, "Vault series");
        if (workloads.keys().isEmpty()) {
            draft.missing("no vault series: the table needs one series per operation and connection mode");
            draft.paragraph("No vault series in this run.");
            return;
        }
        draft.paragraph("One vault server with mutual TLS, JMeter presenting the client certificate. reuse: each "
                + "JMeter thread keeps its connection (keepalive); fresh: a new connection per request, JMeter's "
                + "SSL context reset each iteration (JMeter does not count handshakes, so that none was resumed is "
                + "not verified here; `bin/maat bench vault` verifies it). Knee: the highest closed-loop throughput "
                + "before more threads only add latency (`≥` when the highest level tested had not saturated). "
                + "Tutamen's figures: its prototype on a c4.large, connection reuse unstated; its static baselines: HTTPS "
                + "~" + PublishedFigures.VAULT_HTTPS_STATIC + "/s, HTTP ~" + PublishedFigures.VAULT_HTTP_STATIC + "/s.");
        MarkdownTable table = new MarkdownTable("Series", "Knee (req/s)", "Latency at knee (ms)",
                "Stable rate (req/s)", "Tutamen (req/s)");
        for (Workloads.Key key : workloads.keys()) {
            if (key.mix().size() != 1) {
                continue;
            }
            String label = key.mix().keySet().iterator().next();
            Capacity c = workloads.capacity(key.backend(), key.mix());
            if (!c.measured() && !c.openTried()) {
                draft.missing(label + ": no samples");
            }
            table.row(label,
                    c.knee() == null ? Figure.NONE
                            : (c.knee().saturated() ? "" : "≥") + Figure.rate(c.knee().point().throughput()),
                    c.knee() == null ? Figure.NONE : Figure.millis(c.knee().point().meanLatency()),
                    c.stableRate() != null ? Figure.rate(c.stableRate().throughput())
                            : c.openTried() ? "none stable" : "not run",
                    published(label));
        }
        draft.table(table);
    }

    /** Tutamen's figure for the operation a label names ({@code get-token-reuse}: get-token). */
    private static String published(String label) {
        for (Map.Entry<String, String> e : PublishedFigures.VAULT_THROUGHPUT.entrySet()) {
            if (label.startsWith(e.getKey() + "-")) {
                return e.getValue();
            }
        }
        return "-";
    }
}
