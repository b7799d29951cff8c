package org.maat.atrest;

import java.util.Locale;

/**
 * How a volume moves from one cipher to another while it is in use (SwitchCrypt's three models).
 * <ul>
 *   <li>{@link #FORWARD}: one physical file per file; each block names its cipher in its header; new
 *       writes use the new cipher, old blocks keep theirs until rewritten (converging rewrites them).</li>
 *   <li>{@link #SELECTIVE}: one region per cipher (a physical file per file and region); each block lives
 *       in the region of its cipher, the cipher chosen per block as the weakest region cipher that meets
 *       what the data in it requires (so policy picks the cipher per conduit).</li>
 *   <li>{@link #MIRRORED}: every block in every region, each under its region's cipher; reads come from
 *       the cheapest readable region, so a switch is immediate and the loss of a region loses nothing.</li>
 * </ul>
 */
public enum SwitchModel {
    FORWARD, SELECTIVE, MIRRORED;

    /** The model's name as users type it. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The model called {@code name} (case-insensitive). */
    public static SwitchModel parse(String name) {
        for (SwitchModel m : values()) {
            if (m.label().equalsIgnoreCase(name.trim())) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown switching model '" + name + "': expected forward, selective or mirrored");
    }
}
