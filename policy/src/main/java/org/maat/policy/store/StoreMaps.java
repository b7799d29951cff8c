package org.maat.policy.store;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.type.ByteArrayDataType;
import org.h2.mvstore.type.DataType;
import org.h2.mvstore.type.LongDataType;
import org.h2.mvstore.type.StringDataType;

/**
 * The maps of one policy store file, by their fixed names and key/value types. The live instance is
 * written only by a committing batch; {@link #atVersion} gives the read-only view of one committed
 * version that readers use, so they never see a batch half-applied or not yet durable.
 */
record StoreMaps(
        MVMap<String, byte[]> conduits,
        MVMap<String, String> names,
        MVMap<Long, String> policies,
        MVMap<String, String> facts,
        MVMap<String, Long> info) {

    /** Conduit id -> {@link ConduitCodec} bytes. */
    static final String CONDUITS = "conduits";
    /** Conduit name -> conduit id; the name uniqueness index. */
    static final String NAMES = "conduitNames";
    /** {@code PolicyId.value()} -> canonical policy text. */
    static final String POLICIES = "policies";
    /** {@link FactCodec} key -> "" (a set). */
    static final String FACTS = "facts";
    /** {@link #FORMAT_KEY} and {@link #COMMITS_KEY}. */
    static final String INFO = "storeInfo";

    static final String FORMAT_KEY = "format";
    static final String COMMITS_KEY = "commits";
    static final long FORMAT = 1;

    /**
     * Opens the maps of {@code store}, creating them (and committing, so the file is marked as a
     * policy store) when the store is new and {@code create} allows it. Rejects a store that holds
     * other data or a newer format, and as damaged one that is not new but lacks any of the maps.
     */
    static StoreMaps open(MVStore store, Path file, boolean create) {
        boolean fresh = !store.hasMap(INFO);
        Set<String> names = new TreeSet<>(store.getMapNames());
        if (fresh && !names.isEmpty() && !names.contains(CONDUITS)) {
            throw new PolicyStoreException("cannot open policy store " + file
                    + ": it is an MVStore file of something else (it holds maps " + names + ")");
        }
        if (fresh && !create) {
            // What a file cut short or overwritten looks like to MVStore: no chunk it can use, so no maps.
            throw PolicyStoreException.damaged(file, "it holds no policy store (MVStore finds "
                    + (names.isEmpty() ? "no maps" : "only maps " + names) + ")", null);
        }
        if (!fresh) {
            for (String map : List.of(CONDUITS, NAMES, POLICIES, FACTS)) {
                if (!names.contains(map)) {
                    throw PolicyStoreException.damaged(file, "its map '" + map + "' is missing", null);
                }
            }
        }
        StoreMaps maps = new StoreMaps(
                open(store, CONDUITS, StringDataType.INSTANCE, ByteArrayDataType.INSTANCE),
                open(store, NAMES, StringDataType.INSTANCE, StringDataType.INSTANCE),
                open(store, POLICIES, LongDataType.INSTANCE, StringDataType.INSTANCE),
                open(store, FACTS, StringDataType.INSTANCE, StringDataType.INSTANCE),
                open(store, INFO, StringDataType.INSTANCE, LongDataType.INSTANCE));
        if (fresh) {
            maps.info.put(FORMAT_KEY, FORMAT);
            maps.info.put(COMMITS_KEY, 0L);
            store.commit();
            store.sync();
        }
        long format = maps.info.getOrDefault(FORMAT_KEY, -1L);
        if (format != FORMAT) {
            throw new PolicyStoreException("cannot open policy store " + file + ": its format is " + format
                    + " and this version of Maat reads format " + FORMAT);
        }
        return maps;
    }

    /** The read-only view of these maps as of {@code version}, a version the store committed. */
    StoreMaps atVersion(long version) {
        return new StoreMaps(conduits.openVersion(version), names.openVersion(version),
                policies.openVersion(version), facts.openVersion(version), info.openVersion(version));
    }

    /** How many batches have been committed to the store, ever. */
    long commitCount() {
        return info.getOrDefault(COMMITS_KEY, 0L);
    }

    private static <K, V> MVMap<K, V> open(MVStore store, String name, DataType<K> keys, DataType<V> values) {
        return store.openMap(name, new MVMap.Builder<K, V>().keyType(keys).valueType(values));
    }
}
