package org.maat.jmeter.report;

import java.io.IOException;

/** The part of a report particular to one plan: its tables and charts, and what it found missing. */
interface PlanSection {

    void write(RunDescription run, RunSamples samples, ReportDraft draft) throws IOException;
}
