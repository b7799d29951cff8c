package org.maat.jmeter.report;

import java.awt.Color;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;

/** The two chart shapes of the reports, styled alike: lines over numbers, and bars over categories. */
final class ReportCharts {

    static final int WIDTH = 900;
    static final int HEIGHT = 560;

    private ReportCharts() {
    }

    static XYChart xy(String title, String xTitle, String yTitle) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE).setChartBackgroundColor(Color.WHITE)
                .setPlotBackgroundColor(Color.WHITE);
        return chart;
    }

    /** {@code name}, or {@code name (id)} if the chart already has a series of that name (XChart refuses twins). */
    static String seriesName(Chart<?, ?> chart, String name, String id) {
        return chart.getSeriesMap().containsKey(name) ? name + " (" + id + ")" : name;
    }

    static CategoryChart bars(String title, String xTitle, String yTitle) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE).setChartBackgroundColor(Color.WHITE)
                .setPlotBackgroundColor(Color.WHITE);
        return chart;
    }
}
