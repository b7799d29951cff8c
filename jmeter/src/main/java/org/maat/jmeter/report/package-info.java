/**
 * Turns the CSV result files of a JMeter run into the published tables and charts.
 *
 * <p>The analysis API ({@link org.maat.jmeter.report.JtlFile}, {@link org.maat.jmeter.report.SteadyState},
 * {@link org.maat.jmeter.report.LoadCurve}, {@link org.maat.jmeter.report.Knee}) is shared with the harness,
 * which uses it to pick open-model rates around a knee; {@link org.maat.jmeter.report.ReportBuilder} writes
 * {@code report.md} and PNG charts from a run directory described by its {@code run.json}.
 */
package org.maat.jmeter.report;
