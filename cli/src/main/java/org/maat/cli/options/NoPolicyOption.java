package org.maat.cli.options;

import org.maat.core.task.Monitoring;
import picocli.CommandLine.Option;

/**
 * {@code --no-policy}: run without the reference monitor, the baseline the monitor's overhead is
 * measured against. What that means differs per command (plain Lucene for the indexers, the search's
 * own filter for search), so a command may say it in its resource bundle under the key
 * {@code no-policy}; picocli takes the description from there, else from here.
 */
public final class NoPolicyOption {

    @Option(names = "--no-policy", descriptionKey = "no-policy", description = "No monitor (the overhead baseline).")
    boolean noPolicy;

    /** The monitoring this run chose: none under {@code --no-policy}, else the reference monitor. */
    public Monitoring monitoring() {
        return noPolicy ? Monitoring.NONE : Monitoring.REFERENCE_MONITOR;
    }
}
