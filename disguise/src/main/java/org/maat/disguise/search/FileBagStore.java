package org.maat.disguise.search;

import java.util.Optional;
import org.maat.disguise.store.BagStore;
import org.maat.disguise.store.Locator;

/**
 * Sealed bags in {@code DATA/disguise.db}, by {@link Locator#storageKey()} (never the locator). Each
 * change is committed and synced before it returns. A removed bag's bytes leave the file when the
 * file is next erased ({@link DisguiseFile#erase()}), which {@link SearchDisguises} does after every
 * reveal.
 */
public final class FileBagStore implements BagStore {

    private final DisguiseFile file;

    FileBagStore(DisguiseFile file) {
        this.file = file;
    }

    @Override
    public void put(Locator locator, byte[] sealed) {
        file.commit(edit -> edit.putNew(DisguiseFile.BAGS, locator.storageKey(), sealed.clone()));
    }

    @Override
    public Optional<byte[]> get(Locator locator) {
        return file.get(DisguiseFile.BAGS, locator.storageKey());
    }

    @Override
    public void remove(Locator locator) {
        file.commit(edit -> edit.remove(DisguiseFile.BAGS, locator.storageKey()));
    }

    @Override
    public long count() {
        return file.count(DisguiseFile.BAGS);
    }
}
