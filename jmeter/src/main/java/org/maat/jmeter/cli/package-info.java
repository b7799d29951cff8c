/** The {@code bench jmeter} command, registered by the integrator under {@code bench} in the cli tree. */
package org.maat.jmeter.cli;
