package org.maat.disguise.store;

import java.util.Optional;

/**
 * Where sealed bags live, by {@link Locator#storageKey()}. A JDBC database keeps them in its own
 * tables, in the transaction of the disguise that wrote them ({@code jdbc.JdbcBagStore}); Maat's search
 * data in an MVStore file beside it ({@code search.FileBagStore}). Failures are {@link StoreException}s.
 */
public interface BagStore {

    /** Stores a new bag; fails if the locator's bag exists (locators are random: it never should). */
    void put(Locator locator, byte[] sealed);

    Optional<byte[]> get(Locator locator);

    /** Deletes a bag once revealed, so a replayed locator finds nothing. */
    void remove(Locator locator);

    /** Bags held: all an observer of the store learns is how many. */
    long count();
}
