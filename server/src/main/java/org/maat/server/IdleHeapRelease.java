package org.maat.server;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.lang.management.ManagementFactory;

/**
 * Lets a long-running server give back to the operating system the heap a burst made the JVM
 * commit: G1 collects periodically once idle ({@code G1PeriodicGCInterval}, {@value #INTERVAL_MILLIS}
 * ms) and then uncommits free heap beyond {@value #MAX_FREE_PERCENT} % of what it keeps
 * ({@code MaxHeapFreeRatio}). Both are HotSpot's manageable flags, set at run time; a value the user
 * gave on the command line is kept, and on another JVM or collector this does nothing. Not
 * guaranteed: memory outside the heap (thread stacks are freed with their threads, but the C
 * allocator may keep its arenas).
 */
public final class IdleHeapRelease {

    static final long INTERVAL_MILLIS = 5_000;
    static final int MAX_FREE_PERCENT = 30;
    static final int MIN_FREE_PERCENT = 10;

    private IdleHeapRelease() {
    }

    /** Sets the flags where they are still at their defaults; never fails. */
    public static void enable() {
        try {
            HotSpotDiagnosticMXBean hotSpot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            if (hotSpot == null || !"true".equals(hotSpot.getVMOption("UseG1GC").getValue())) {
                return;
            }
            setIfDefault(hotSpot, "G1PeriodicGCInterval", Long.toString(INTERVAL_MILLIS));
            // Min before Max: the JVM refuses a minimum above the maximum.
            if (isDefault(hotSpot, "MinHeapFreeRatio") && isDefault(hotSpot, "MaxHeapFreeRatio")) {
                hotSpot.setVMOption("MinHeapFreeRatio", Integer.toString(MIN_FREE_PERCENT));
                hotSpot.setVMOption("MaxHeapFreeRatio", Integer.toString(MAX_FREE_PERCENT));
            }
        } catch (IllegalArgumentException | SecurityException | UnsupportedOperationException e) {
            // not HotSpot, or the flags are not settable here: the JVM keeps its defaults
        }
    }

    private static void setIfDefault(HotSpotDiagnosticMXBean hotSpot, String flag, String value) {
        if (isDefault(hotSpot, flag)) {
            hotSpot.setVMOption(flag, value);
        }
    }

    private static boolean isDefault(HotSpotDiagnosticMXBean hotSpot, String flag) {
        return hotSpot.getVMOption(flag).getOrigin() == VMOption.Origin.DEFAULT;
    }
}
