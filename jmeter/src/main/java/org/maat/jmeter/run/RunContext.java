package org.maat.jmeter.run;

import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * What every series of one run shares: the JMeter to run, the run directory, the plan file copied
 * into it, the {@code run.json} being written, and where progress lines go (standard error).
 *
 * @param jmeter  the configured JMeter
 * @param runDir  the run directory ({@code results/}, {@code logs/} and {@code run.json} inside)
 * @param plan    the plan file JMeter runs
 * @param record  the run's {@code run.json}
 * @param log     what happens, one line at a time
 * @param workloadDone told each time a workload's series are all recorded (drives the progress bar)
 */
public record RunContext(JMeterInstallation jmeter, Path runDir, Path plan, RunRecord record, Consumer<String> log,
                         Runnable workloadDone) {

    public Path results() {
        return runDir.resolve("results");
    }

    public Path logs() {
        return runDir.resolve("logs");
    }
}
