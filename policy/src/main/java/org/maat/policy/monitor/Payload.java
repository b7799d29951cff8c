package org.maat.policy.monitor;

import java.util.List;

/**
 * What a task writes, as far as the monitor needs to know: either opaque data (and whether it only
 * appends) or a list of conduit ids, which the {@code ONLY_CND_IDS} releases can let through.
 */
public sealed interface Payload {

    /** Bytes the monitor cannot interpret. */
    record Data(boolean appendOnly) implements Payload {
    }

    /** A list of conduit ids, e.g. a search result. */
    record ConduitIds(List<String> ids) implements Payload {
        public ConduitIds {
            ids = List.copyOf(ids);
        }
    }

    static Payload data() {
        return new Data(false);
    }

    static Payload append() {
        return new Data(true);
    }

    static Payload conduitIds(List<String> ids) {
        return new ConduitIds(ids);
    }

    default boolean appendOnly() {
        return this instanceof Data d && d.appendOnly();
    }
}
