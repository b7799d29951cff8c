package org.maat.disguise.jdbc;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import org.maat.disguise.crypto.PublicKey;
import org.maat.disguise.store.PrincipalRegistry;
import org.maat.disguise.store.StoreException;

/** Public keys in the disguised database's table {@value VaultTables#PRINCIPALS}, in the caller's transaction. */
final class JdbcPrincipalRegistry implements PrincipalRegistry {

    private final Sql sql;

    JdbcPrincipalRegistry(Sql sql) {
        this.sql = sql;
    }

    @Override
    public void register(String principal, PublicKey key) {
        forget(principal);
        try {
            PreparedStatement ps = sql.prepare("INSERT INTO " + VaultTables.PRINCIPALS
                + " (PRINCIPAL, PUBLIC_KEY) VALUES (?, ?)");
            ps.setString(1, principal);
            ps.setString(2, key.toText());
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new StoreException("cannot register in " + VaultTables.PRINCIPALS + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Optional<PublicKey> find(String principal) {
        try {
            PreparedStatement ps = sql.prepare("SELECT PUBLIC_KEY FROM " + VaultTables.PRINCIPALS + " WHERE PRINCIPAL = ?");
            ps.setString(1, principal);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(PublicKey.parse(rs.getString(1))) : Optional.empty();
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read " + VaultTables.PRINCIPALS + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void forget(String principal) {
        try {
            PreparedStatement ps = sql.prepare("DELETE FROM " + VaultTables.PRINCIPALS + " WHERE PRINCIPAL = ?");
            ps.setString(1, principal);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new StoreException("cannot delete from " + VaultTables.PRINCIPALS + ": " + e.getMessage(), e);
        }
    }
}
