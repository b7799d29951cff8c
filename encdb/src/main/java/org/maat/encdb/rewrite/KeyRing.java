package org.maat.encdb.rewrite;

import java.security.SecureRandom;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.maat.encdb.key.KeyDerivation;
import org.maat.encdb.onion.Det;
import org.maat.encdb.onion.Onion;
import org.maat.encdb.onion.Paillier;
import org.maat.encdb.onion.PaillierKeyPair;
import org.maat.encdb.schema.EncryptedColumn;

/**
 * All key material of one encrypted database, derived once and shared by every connection and
 * thread: a {@link ColumnCipher} per column (built on first use, never per row) and the database's
 * Paillier key pair, generated on first need and stored in the catalog wrapped under a key derived
 * from the master key.
 */
public final class KeyRing implements AutoCloseable {

    /** Stores and loads wrapped secrets (the catalog's SECRETS table). */
    public interface SecretStore {
        byte[] get(String name) throws SQLException;

        byte[] putIfAbsent(String name, byte[] wrapped) throws SQLException;
    }

    static final int PAILLIER_BITS = 2048;

    private final KeyDerivation keys;
    private final SecretStore secrets;
    private final Map<String, ColumnCipher> ciphers = new ConcurrentHashMap<>();
    private volatile AddCipher add;

    public KeyRing(KeyDerivation keys, SecretStore secrets) {
        this.keys = keys;
        this.secrets = secrets;
    }

    /** A value stored in the catalog to detect a wrong master key on open. */
    public byte[] keyCheck() {
        return new Det(keys.derive("CATALOG/KEYCHECK", 64)).encrypt(new byte[16]);
    }

    /**
     * The cipher of {@code column}; cached by the column's keys' identity (name, join group, search mode) and
     * its type, which says how values are encoded and decoded: a table dropped and created again under the
     * same name may give a column another type.
     */
    public ColumnCipher cipher(EncryptedColumn column) throws SQLException {
        String id = column.qualifiedName() + "|" + column.joinGroup() + "|" + column.search() + "|"
                + column.onions() + "|" + column.type();
        ColumnCipher c = ciphers.get(id);
        if (c == null) {
            c = new ColumnCipher(column, keys, column.has(Onion.ADD) ? add() : null);
            ColumnCipher raced = ciphers.putIfAbsent(id, c);
            c = raced == null ? c : raced;
        }
        return c;
    }

    /** The database's Paillier cipher, generating and storing its key pair the first time. */
    AddCipher add() throws SQLException {
        AddCipher a = add;
        if (a == null) {
            synchronized (this) {
                a = add;
                if (a == null) {
                    Det wrap = new Det(keys.derive("CATALOG/PAILLIER/WRAP", 64));
                    byte[] stored = secrets.get("PAILLIER");
                    if (stored == null) {
                        byte[] fresh = wrap.encrypt(Paillier.generate(PAILLIER_BITS, new SecureRandom()).encoded());
                        stored = secrets.putIfAbsent("PAILLIER", fresh);
                    }
                    a = new AddCipher(PaillierKeyPair.decode(wrap.decrypt(stored)));
                    add = a;
                }
            }
        }
        return a;
    }

    /** Stops background work (the Paillier randomness pool); the ring is not used afterwards. */
    @Override
    public void close() {
        AddCipher a = add;
        if (a != null) {
            a.close();
        }
    }
}
