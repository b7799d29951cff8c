package org.maat.disguise.jdbc;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import org.maat.disguise.store.BagStore;
import org.maat.disguise.store.Locator;
import org.maat.disguise.store.StoreException;

/**
 * Bags in the disguised database's own table {@value VaultTables#BAGS}, keyed by {@link
 * Locator#storageKey()}, written in the transaction of the disguise that made them.
 */
final class JdbcBagStore implements BagStore {

    private final Sql sql;

    JdbcBagStore(Sql sql) {
        this.sql = sql;
    }

    @Override
    public void put(Locator locator, byte[] sealed) {
        try {
            PreparedStatement ps = sql.prepare("INSERT INTO " + VaultTables.BAGS + " (LOCATOR_KEY, SEALED) VALUES (?, ?)");
            ps.setString(1, locator.storageKey());
            // setObject, not setBytes: the encrypted layer binds any value of a plaintext column this way.
            ps.setObject(2, sealed);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new StoreException("cannot store a bag in " + VaultTables.BAGS + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Optional<byte[]> get(Locator locator) {
        try {
            PreparedStatement ps = sql.prepare("SELECT SEALED FROM " + VaultTables.BAGS + " WHERE LOCATOR_KEY = ?");
            ps.setString(1, locator.storageKey());
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getBytes(1)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read " + VaultTables.BAGS + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void remove(Locator locator) {
        try {
            PreparedStatement ps = sql.prepare("DELETE FROM " + VaultTables.BAGS + " WHERE LOCATOR_KEY = ?");
            ps.setString(1, locator.storageKey());
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new StoreException("cannot delete from " + VaultTables.BAGS + ": " + e.getMessage(), e);
        }
    }

    @Override
    public long count() {
        try (ResultSet rs = sql.prepare("SELECT COUNT(*) FROM " + VaultTables.BAGS).executeQuery()) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new StoreException("cannot count " + VaultTables.BAGS + ": " + e.getMessage(), e);
        }
    }
}
