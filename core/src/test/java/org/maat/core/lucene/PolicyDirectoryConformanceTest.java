package org.maat.core.lucene;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.tests.store.BaseDirectoryTestCase;
import org.maat.core.task.AccessGate;
import org.maat.policy.ConduitMap;
import org.maat.policy.Session;
import org.maat.policy.eval.PolicyEngine;
import org.maat.policy.facts.FactIndex;
import org.maat.policy.monitor.ReferenceMonitor;
import org.maat.policy.monitor.TaskMode;

/**
 * Lucene's own {@link Directory} conformance suite (randomized, JUnit 4 under randomizedtesting's
 * runner) run against a {@link PolicyDirectory} over an {@link FSDirectory}, through the real
 * reference monitor with the index owner's confined task, which may write the index: whatever
 * Lucene expects of any directory, the monitored one does too, except where it refuses on purpose
 * (overridden below, each with the reason). Two tests skip themselves, as for any wrapper: they need
 * the directory itself to be an {@link FSDirectory} ({@code testFsyncDoesntCreateNewFiles},
 * {@code testPendingDeletions}).
 */
public class PolicyDirectoryConformanceTest extends BaseDirectoryTestCase {

    @Override
    protected Directory getDirectory(Path path) throws IOException {
        PolicyEngine engine = new PolicyEngine(new FactIndex());
        engine.intern(IndexLabels.POLICY);
        ReferenceMonitor monitor = new ReferenceMonitor(engine, new ConduitMap());
        // The task lives as long as the directory: the suite closes directories, not tasks, and an
        // unclosed task holds nothing but memory.
        AccessGate indexer = AccessGate.of(monitor.open(Session.of(IndexLabels.OWNER), TaskMode.CONFINED));
        return new PolicyDirectory(FSDirectory.open(path), 0, null, indexer);
    }
}
