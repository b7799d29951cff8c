package org.maat.encdb.rewrite;

import java.util.concurrent.ConcurrentHashMap;

/**
 * A concurrent memo that holds at most {@code 2 * generation} entries and forgets the least recently
 * used ones a generation at a time: entries go into a young map; when it is full it becomes the old map
 * and the previous old map is dropped; a hit in the old map is copied into the young one, so a column's
 * frequent values survive every rotation (a single map cleared when full loses them all at once).
 *
 * <p>Guarantees only what was {@link #put} comes back from {@link #get}, never a value for another key;
 * any entry may be forgotten at any time. Thread-safe: racing rotations at worst drop a few entries.
 */
final class BoundedMemo<K, V> {

    private final int generation;
    private volatile ConcurrentHashMap<K, V> young = new ConcurrentHashMap<>();
    private volatile ConcurrentHashMap<K, V> old = new ConcurrentHashMap<>();

    /** A memo that keeps the last {@code generation} to {@code 2 * generation} distinct keys used. */
    BoundedMemo(int generation) {
        if (generation < 1) {
            throw new IllegalArgumentException("a memo generation must hold at least 1 entry, got " + generation);
        }
        this.generation = generation;
    }

    /** The value put for {@code key}, or null if there was none or it has been forgotten. */
    V get(K key) {
        V value = young.get(key);
        if (value == null) {
            value = old.get(key);
            if (value != null) {
                put(key, value);
            }
        }
        return value;
    }

    void put(K key, V value) {
        ConcurrentHashMap<K, V> current = young;
        current.put(key, value);
        if (current.size() >= generation) {
            rotate(current);
        }
    }

    private synchronized void rotate(ConcurrentHashMap<K, V> full) {
        if (young == full) {
            old = full;
            young = new ConcurrentHashMap<>();
        }
    }
}
