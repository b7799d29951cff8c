/**
 * The harness: runs the plugin-configured JMeter in non-GUI mode as a subprocess over a plan, steps
 * adaptive load up to saturation, then fixed arrival rates around the knee, and records every series
 * in a run directory described by {@code run.json} (contract in {@code notes/contract-eval.md} 2).
 */
package org.maat.jmeter.run;
