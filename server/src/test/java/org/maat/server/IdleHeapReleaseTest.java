package org.maat.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/** On G1, a server turns on the periodic collection that hands idle heap back, unless the user set it. */
class IdleHeapReleaseTest {

    @Test
    void turnsOnG1sPeriodicCollectionAndATighterFreeRatioWhereLeftAtTheirDefaults() {
        HotSpotDiagnosticMXBean hotSpot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        assumeTrue(hotSpot != null && "true".equals(hotSpot.getVMOption("UseG1GC").getValue()), "a G1 HotSpot JVM");
        VMOption interval = hotSpot.getVMOption("G1PeriodicGCInterval");
        boolean ratiosDefault = hotSpot.getVMOption("MaxHeapFreeRatio").getOrigin() == VMOption.Origin.DEFAULT
                && hotSpot.getVMOption("MinHeapFreeRatio").getOrigin() == VMOption.Origin.DEFAULT;

        IdleHeapRelease.enable();

        if (interval.getOrigin() == VMOption.Origin.DEFAULT) {
            assertThat(hotSpot.getVMOption("G1PeriodicGCInterval").getValue())
                    .isEqualTo(Long.toString(IdleHeapRelease.INTERVAL_MILLIS));
        } else {
            assertThat(hotSpot.getVMOption("G1PeriodicGCInterval").getValue()).isEqualTo(interval.getValue());
        }
        if (ratiosDefault) {
            assertThat(hotSpot.getVMOption("MaxHeapFreeRatio").getValue())
                    .isEqualTo(Integer.toString(IdleHeapRelease.MAX_FREE_PERCENT));
        }
    }
}
