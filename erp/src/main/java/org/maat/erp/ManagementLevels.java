package org.maat.erp;

import java.util.Arrays;

/**
 * Depth of every employee in the management tree (0 = no manager), computed over primitive arrays
 * so a million employees need a few megabytes. Used to insert employees so that each one's manager
 * already exists.
 */
final class ManagementLevels {

    /** Marks "no manager" in the managers array. */
    static final int NONE = Integer.MIN_VALUE;

    private ManagementLevels() {
    }

    /**
     * @param ids employee ids, sorted ascending
     * @param managers each employee's manager id, or {@link #NONE}
     * @throws IllegalArgumentException if a manager is not an employee or the chain loops
     */
    static int[] of(int[] ids, int[] managers) {
        int n = ids.length;
        int[] levels = new int[n];
        Arrays.fill(levels, -1);
        int[] path = new int[n];
        for (int i = 0; i < n; i++) {
            // Walk up to an employee whose level is known, then assign levels back down the path.
            int length = 0;
            int at = i;
            while (levels[at] < 0) {
                if (length == n) {
                    throw new IllegalArgumentException("EMPLOYEES.MANAGER_ID chain loops at employee " + ids[i]);
                }
                path[length++] = at;
                if (managers[at] == NONE) {
                    break;
                }
                int m = Arrays.binarySearch(ids, managers[at]);
                if (m < 0) {
                    throw new IllegalArgumentException("employee " + ids[at] + " has manager " + managers[at]
                            + ", who is not an employee");
                }
                at = m;
            }
            int level = levels[at] >= 0 ? levels[at] + 1 : 0;
            for (int p = length - 1; p >= 0; p--) {
                if (levels[path[p]] < 0) {
                    levels[path[p]] = managers[path[p]] == NONE ? 0 : level;
                    level = levels[path[p]] + 1;
                } else {
                    level = levels[path[p]] + 1;
                }
            }
        }
        return levels;
    }
}
