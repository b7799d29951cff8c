package org.maat.policy.lang;

import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Where each node of a parsed policy came from. Kept beside the AST, keyed by node identity, so
 * that AST equality stays structural (two parses of the same text are equal) while static checks
 * can still point at a line and column.
 */
public final class SourcePositions {

    /** A 1-based line and column. */
    public record Position(int line, int column) {
        @Override
        public String toString() {
            return line + ":" + column;
        }
    }

    /** For policies built in code rather than parsed: every lookup answers null. */
    public static final SourcePositions NONE = new SourcePositions();

    private final Map<Object, Position> positions = new IdentityHashMap<>();

    void put(Object node, int line, int column) {
        positions.put(node, new Position(line, column));
    }

    /** The position of {@code node}, or null when unknown. */
    public Position of(Object node) {
        return positions.get(node);
    }
}
