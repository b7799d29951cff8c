/** The tables the benchmark reports (JMH, JMeter) are written in. */
package org.maat.bench.report;
