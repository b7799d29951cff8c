package org.maat.bench.atrest;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.maat.atrest.cipher.AtRestCipher;

/**
 * SwitchCrypt's trade-off figure: for each workload size a line through the ciphers, each placed at its median
 * operation latency normalized to the slowest cipher of that size (x) and its security, the norm of the vector
 * (rounds / most rounds, randomization / most randomization) (y). One PNG per access pattern.
 */
final class TradeoffChart {

    private TradeoffChart() {
    }

    /** The cipher's normed rounds-and-randomization vector among {@code all}. */
    static double securityNorm(AtRestCipher c, List<AtRestCipher> all) {
        double maxRounds = all.stream().mapToDouble(AtRestCipher::rounds).max().orElse(1);
        double maxRandom = all.stream().mapToDouble(AtRestCipher::randomization).max().orElse(0);
        double r = c.rounds() / maxRounds;
        double z = maxRandom == 0 ? 0 : c.randomization() / maxRandom;
        return Math.sqrt(r * r + z * z);
    }

    /** Writes {@code atrest-tradeoff-PATTERN.png} into {@code dir}; returns the files written. */
    static List<Path> write(List<StaticResult> statics, List<AtRestCipher> ciphers, List<Integer> sizes,
            List<AccessPattern> patterns, Path dir) throws IOException {
        List<Path> files = new ArrayList<>();
        for (AccessPattern pattern : patterns) {
            XYChart chart = new XYChartBuilder().width(900).height(600)
                    .title("At-rest cipher trade-off, " + pattern.label() + " I/O (write then read)")
                    .xAxisTitle("median latency, normalized to the slowest cipher of the size")
                    .yAxisTitle("normed rounds + randomization vector").build();
            chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
            for (int size : sizes) {
                List<Double> x = new ArrayList<>();
                List<Double> y = new ArrayList<>();
                double slowest = statics.stream().filter(s -> s.size() == size && s.pattern() == pattern
                        && !s.storage().equals("plain")).mapToDouble(s -> s.summary().medianNanos()).max().orElse(1);
                for (AtRestCipher c : ciphers) {
                    statics.stream().filter(s -> s.size() == size && s.pattern() == pattern && s.storage().equals(c.name()))
                            .findFirst().ifPresent(s -> {
                                x.add(s.summary().medianNanos() / slowest);
                                y.add(securityNorm(c, ciphers));
                            });
                }
                if (!x.isEmpty()) {
                    XYSeries series = chart.addSeries(AtRestBenchReport.size(size), x, y);
                    series.setMarker(SeriesMarkers.CIRCLE);
                }
            }
            Path file = dir.resolve("atrest-tradeoff-" + pattern.label() + ".png");
            BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
            files.add(file);
        }
        return files;
    }
}
