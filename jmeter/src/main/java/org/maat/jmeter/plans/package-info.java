/**
 * The four evaluations {@code bench jmeter} runs: what each starts (ERP databases and front-ends, or
 * the search deployments over generated data), in which order, and which series it measures.
 */
package org.maat.jmeter.plans;
