/**
 * The evaluation suites driven by JMeter: plans, the harness that starts what a plan needs, and
 * the report builder.
 */
package org.maat.jmeter;
