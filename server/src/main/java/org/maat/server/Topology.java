package org.maat.server;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The shard server layouts {@code maat serve} starts in-process: {@code 2servers} (2 shards, one
 * server each) and {@code 4servers} (2 shards x 2 replicas, the front-end spreading load across
 * replicas). The index must have {@link #shards()} shards.
 */
public enum Topology {
    TWO_SERVERS("2servers", 2, 1),
    FOUR_SERVERS("4servers", 2, 2);

    private final String label;
    private final int shards;
    private final int replicas;

    Topology(String label, int shards, int replicas) {
        this.label = label;
        this.shards = shards;
        this.replicas = replicas;
    }

    /** Reads {@code 2servers} or {@code 4servers}; anything else names the choices. */
    public static Topology parse(String text) {
        for (Topology t : values()) {
            if (t.label.equalsIgnoreCase(text.trim())) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown topology '" + text + "'; choose one of "
                + Arrays.stream(values()).map(Topology::label).collect(Collectors.joining(", ")));
    }

    public String label() {
        return label;
    }

    public int shards() {
        return shards;
    }

    public int replicas() {
        return replicas;
    }

    public int servers() {
        return shards * replicas;
    }

    @Override
    public String toString() {
        return label;
    }
}
