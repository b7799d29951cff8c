package org.maat.policy.store;

import java.util.Iterator;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.h2.mvstore.Cursor;

/** A lazy stream over an MVMap cursor: entries are read and decoded one at a time, never collected. */
final class CursorStream {

    private CursorStream() {
    }

    static <K, V, T> Stream<T> of(Cursor<K, V> cursor, BiFunction<K, V, T> decode, Runnable onClose) {
        Iterator<T> decoded = new Iterator<>() {
            @Override
            public boolean hasNext() {
                return cursor.hasNext();
            }

            @Override
            public T next() {
                K key = cursor.next();
                return decode.apply(key, cursor.getValue());
            }
        };
        Spliterator<T> entries = Spliterators.spliteratorUnknownSize(decoded,
                Spliterator.ORDERED | Spliterator.NONNULL | Spliterator.DISTINCT);
        return StreamSupport.stream(entries, false).onClose(onClose);
    }
}
