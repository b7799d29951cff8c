package org.maat.policy.store;

import java.util.Iterator;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.h2.mvstore.Cursor;
import org.h2.mvstore.MVStoreException;

/**
 * A lazy stream over an MVMap cursor: entries are read and decoded one at a time, never collected. An
 * MVStore error met while reading becomes the exception {@code damaged} makes of it.
 */
final class CursorStream {

    private CursorStream() {
    }

    static <K, V, T> Stream<T> of(Cursor<K, V> cursor, BiFunction<K, V, T> decode, Runnable onClose,
                                  Function<MVStoreException, RuntimeException> damaged) {
        Iterator<T> decoded = new Iterator<>() {
            @Override
            public boolean hasNext() {
                try {
                    return cursor.hasNext();
                } catch (MVStoreException e) {
                    throw damaged.apply(e);
                }
            }

            @Override
            public T next() {
                try {
                    K key = cursor.next();
                    return decode.apply(key, cursor.getValue());
                } catch (MVStoreException e) {
                    throw damaged.apply(e);
                }
            }
        };
        Spliterator<T> entries = Spliterators.spliteratorUnknownSize(decoded,
                Spliterator.ORDERED | Spliterator.NONNULL | Spliterator.DISTINCT);
        return StreamSupport.stream(entries, false).onClose(onClose);
    }
}
