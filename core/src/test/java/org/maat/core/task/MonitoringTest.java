package org.maat.core.task;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.maat.policy.Conduit;
import org.maat.policy.ConduitMap;
import org.maat.policy.Session;
import org.maat.policy.eval.PolicyEngine;
import org.maat.policy.facts.FactIndex;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.monitor.Payload;
import org.maat.policy.monitor.PolicyViolation;
import org.maat.policy.monitor.ReferenceMonitor;
import org.maat.policy.monitor.TaskMode;
import org.maat.policy.templates.PolicyTemplates;

/** The two monitorings run the same task code: one through the reference monitor, one through gates that check nothing. */
class MonitoringTest {

    private final PolicyEngine engine = new PolicyEngine(new FactIndex());
    private final ConduitMap conduits = new ConduitMap();
    private final Session alice = Session.of("alice");

    private Conduit conduit(String id, String owner, String template) {
        PolicyId policy = engine.intern(PolicyTemplates.policy(template));
        return conduits.put(new Conduit(id, id, owner, policy, Map.of("template", template)));
    }

    @Test
    void underTheReferenceMonitorAnUnconfinedReadOfAnotherUsersPrivateDocumentIsRefused() {
        Conduit bobs = conduit("d1", "bob", "private");
        Monitor monitor = Monitoring.REFERENCE_MONITOR.monitor(() -> new ReferenceMonitor(engine, conduits));

        assertThat(monitor.monitored()).isTrue();
        try (TaskGate task = monitor.open(alice, TaskMode.UNCONFINED)) {
            assertThat(task.monitored()).isTrue();
            assertThatThrownBy(() -> task.read(bobs)).isInstanceOf(PolicyViolation.class);
        }
    }

    @Test
    void underTheReferenceMonitorAConfinedTaskIsTaintedAndCannotWriteItOut() {
        Conduit bobs = conduit("d1", "bob", "private");
        Conduit alicesPage = conduit("p1", "alice", "private");
        Monitor monitor = Monitoring.REFERENCE_MONITOR.monitor(() -> new ReferenceMonitor(engine, conduits));

        TaskGate task = monitor.open(alice, TaskMode.CONFINED);
        task.read(bobs);
        assertThat(task.taint().orElseThrow().policies()).containsExactly(bobs.policy());
        assertThatThrownBy(() -> task.write(alicesPage, alice, Payload.data())).isInstanceOf(PolicyViolation.class);
        task.close();
        assertThat(task.isClosed()).isTrue();
    }

    @Test
    void withNoneTheSameCallsCheckNothingAndNoMonitorIsBuilt() {
        Conduit bobs = conduit("d1", "bob", "private");
        Conduit alicesPage = conduit("p1", "alice", "private");
        Monitor monitor = Monitoring.NONE.monitor(() -> {
            throw new AssertionError("the baseline builds no monitor");
        });

        assertThat(monitor.monitored()).isFalse();
        assertThatThrownBy(monitor::reference).isInstanceOf(IllegalStateException.class);
        TaskGate task = monitor.open(alice, TaskMode.CONFINED);
        task.read(bobs);
        task.write(alicesPage, alice, Payload.data());
        assertThat(task.monitored()).isFalse();
        assertThat(task.taint()).isEmpty();
        assertThat(task.isClosed()).isFalse();
        task.close();
        assertThat(task.isClosed()).as("a baseline task is closed like a monitored one").isTrue();
    }
}
