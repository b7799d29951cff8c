package org.maat.jmh;

import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * A per-thread position in a benchmark's rotation of prepared inputs, so that threads never share
 * a counter. The rotation length must be a power of two.
 */
@State(Scope.Thread)
public class Cursor {

    private int position;

    /** The next index in {@code [0, length)}, round robin. */
    int next(int length) {
        return position++ & (length - 1);
    }
}
