package org.maat.disguise.jdbc;

import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import org.maat.disguise.Admission;
import org.maat.disguise.BagSummary;
import org.maat.disguise.DisguiseException;
import org.maat.disguise.Disguises;
import org.maat.disguise.Receipt;
import org.maat.disguise.RevealRefusedException;
import org.maat.disguise.RevealReport;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.crypto.PublicKey;
import org.maat.disguise.crypto.UnsealException;
import org.maat.disguise.spec.DisguiseSpec;
import org.maat.disguise.spec.SpecParser;
import org.maat.disguise.store.Locator;
import org.maat.disguise.store.SealedBags;
import org.maat.disguise.store.StoreException;

/**
 * Disguises over any JDBC database, plain H2 and Maat's encrypted layer ({@code jdbc:maat:h2:}) included.
 * Bags and the principal registry live in the same database (tables {@code MAAT_DISGUISE_BAGS} and
 * {@code MAAT_DISGUISE_PRINCIPALS}, created if absent), so that every {@link #apply}, {@link #reveal},
 * {@link #register} and {@link #editAs} is one JDBC transaction: committed whole or rolled back whole,
 * on a failure in this JVM or (by the database's own recovery) a crash of it. Because each operation
 * commits or rolls back its own transaction, the connection must be in auto-commit mode when one starts
 * (no transaction of the caller's open on it); otherwise the operation is refused with a {@link
 * DisguiseException} before it reads or writes anything, and the caller's uncommitted work stays as it was.
 *
 * <p>The registry holds natural principals' public keys only, each under the principal's id, and a
 * disguise that removes the principal's row removes its entry. A pseudoprincipal a disguise creates is
 * never registered: its key pair is in the bag, sealed to the user, so no row of the registry tells a
 * pseudoprincipal from anyone or links it to its user. A pseudoprincipal is therefore disguised only
 * with its user, through the bags of the proof; a direct apply on its id finds no key and is refused.
 *
 * <p>Not guaranteed: isolation from concurrent writers beyond the database's own (a reveal's conflict
 * checks and its writes are one transaction at the connection's isolation level); and, for a database
 * this instance did not open itself or that another session holds open (a server), that the file is
 * free of old versions of removed or modified rows when the operation returns. H2 keeps them in freed
 * chunks until it reuses or compacts them, and its own compaction ({@code SHUTDOWN COMPACT}, or the
 * partial one when the last session closes) keeps deleted keys in index node pages; the file drops
 * them when an instance made by {@link #open} that changed something closes it with no other session
 * open ({@link H2FileRewrite}).
 */
public final class JdbcDisguises implements Disguises {

    private final Connection conn;
    private final boolean ownsConnection;
    /** The user and password {@link #open} connected with, for {@link H2FileRewrite}; null otherwise. */
    private final Properties credentials;
    /** The URL {@link #open} connected to; null for a connection the caller passed in. */
    private final String openedUrl;
    private final Sql sql;
    private final JdbcBagStore bags;
    private final JdbcPrincipalRegistry registry;
    /** What the database's triggers write when a disguise fires them: recorded by an apply, taken back by a reveal. */
    private final TriggerEffects triggers;
    private final Admission admission;
    /** Whether a transaction of this instance committed: only then does {@link #close()} compact an owned file. */
    private boolean committed;

    /**
     * Disguises over {@code conn}'s database; the caller keeps {@code conn} and closes it.
     *
     * @throws DisguiseException when {@code conn} is not in auto-commit mode
     */
    public JdbcDisguises(Connection conn) {
        this(conn, Admission.unlimited());
    }

    /**
     * As {@link #JdbcDisguises(Connection)}, each operation waiting for {@code admission}: share one
     * {@link Admission#limitedTo limit} among every instance over the same database to keep disguisers
     * from crowding out normal requests.
     */
    public JdbcDisguises(Connection conn, Admission admission) {
        this(conn, false, StatementObserver.NONE, admission);
    }

    /** For the crash tests: {@code observer} is told of every statement before it runs. */
    JdbcDisguises(Connection conn, boolean ownsConnection, StatementObserver observer) {
        this(conn, ownsConnection, null, null, observer, Admission.unlimited());
    }

    private JdbcDisguises(Connection conn, boolean ownsConnection, StatementObserver observer, Admission admission) {
        this(conn, ownsConnection, null, null, observer, admission);
    }

    private JdbcDisguises(Connection conn, boolean ownsConnection, String openedUrl, Properties credentials,
                          StatementObserver observer, Admission admission) {
        this.admission = Objects.requireNonNull(admission, "admission");
        this.conn = conn;
        this.ownsConnection = ownsConnection;
        this.openedUrl = openedUrl;
        this.credentials = credentials;
        this.sql = new Sql(conn, observer);
        this.bags = new JdbcBagStore(sql);
        this.registry = new JdbcPrincipalRegistry(sql);
        try {
            requireAutoCommit(conn); // creating the tables would commit the caller's open work
            VaultTables.createIfAbsent(conn);
            this.triggers = TriggerEffects.of(conn, sql);
        } catch (SQLException e) {
            throw new StoreException("cannot create the disguise tables: " + e.getMessage(), e);
        }
    }

    /** Opens {@code jdbcUrl} (any driver on the class path, e.g. {@code jdbc:h2:} or {@code jdbc:maat:h2:}); closed by {@link #close()}. */
    public static JdbcDisguises open(String jdbcUrl, Properties properties) {
        Connection conn;
        try {
            conn = DriverManager.getConnection(jdbcUrl, properties);
        } catch (SQLException e) {
            throw new StoreException("cannot open " + jdbcUrl + ": " + e.getMessage(), e);
        }
        try {
            Properties credentials = new Properties();
            credentials.setProperty("user", properties.getProperty("user", ""));
            credentials.setProperty("password", properties.getProperty("password", ""));
            String cipher = H2Cipher.of(jdbcUrl, properties);
            if (cipher != null) {
                credentials.setProperty("CIPHER", cipher); // the rewritten copy is encrypted as the file was
            }
            return new JdbcDisguises(conn, true, jdbcUrl, credentials, StatementObserver.NONE, Admission.unlimited());
        } catch (RuntimeException e) {
            try {
                conn.close();
            } catch (SQLException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    @Override
    public void register(String principal, PublicKey key) {
        inTransaction(() -> {
            registry.register(principal, key);
            return null;
        });
    }

    @Override
    public boolean registered(String principal) {
        try {
            return registry.find(principal).isPresent();
        } catch (StoreException e) {
            throw new StoreException("cannot read the key registry: " + e.getMessage(), e);
        }
    }

    @Override
    public Receipt apply(DisguiseSpec spec, String principal, PrincipalProof proof) {
        if (spec.appliesTo() != DisguiseSpec.AppliesTo.JDBC) {
            throw new DisguiseException(spec.source() + ": disguise " + spec.name() + " is for Maat's search data, "
                    + "not a JDBC database");
        }
        return inTransaction(() -> {
            SpeaksForChain chain = SpeaksForChain.open(bags, proof);
            Disguising disguising = new Disguising(sql, registry, spec);
            PublicKey sealTo = sealingKey(principal, proof, chain);
            List<JdbcBag.SpeaksFor> spokenFor = chain.speaksFor();
            if (!disguising.exists(disguising.principalId(principal)) && spokenFor.isEmpty()) {
                throw new DisguiseException("no principal " + principal + " in " + spec.principal().table()
                        + " (and no earlier disguise of theirs was given)");
            }
            RowChanges.Watch before = triggers.watch();
            JdbcBag run = disguising.run(principal, spokenFor);
            JdbcBag bag = run.withTriggerRows(triggers.applied(before, run));
            Locator locator = Locator.random();
            bags.put(locator, SealedBags.seal(sealTo, locator, bag));
            int changes = bag.removed().size() + bag.modified().size() + bag.decorrelated().size();
            return new Receipt(spec.name(), principal, locator, Instant.now(), changes, bag.speaksFor().size());
        });
    }

    /**
     * The key to seal to: the principal's registered one. Only once an earlier disguise of this principal
     * has removed its identity (and so its registry entry) is it the public half of the key the user
     * proves with, and only when that key opened a bag of {@code proof} recorded for this principal: a bag
     * sealed to any other key could never be revealed by the principal, and would be readable by the
     * key's holder.
     */
    private PublicKey sealingKey(String principal, PrincipalProof proof, SpeaksForChain chain) {
        Optional<PublicKey> registered = registry.find(principal);
        if (registered.isPresent() && proof.present() && !registered.get().equals(proof.key().publicKey())) {
            throw new DisguiseException("the key given is not " + principal + "'s registered key");
        }
        if (registered.isPresent()) {
            return registered.get();
        }
        if (proof.present() && chain.disguised(principal)) {
            return proof.key().publicKey();
        }
        throw new DisguiseException(principal + " has no registered public key (register one first)");
    }

    @Override
    public RevealReport reveal(Locator locator, PrivateKey key) {
        return inTransaction(() -> {
            JdbcBag bag = openBag(locator, key);
            RevealReport report = new Revealing(sql, registry, triggers).run(bag, key);
            bags.remove(locator);
            return report;
        });
    }

    @Override
    public BagSummary describe(Locator locator, PrivateKey key) {
        return inTransaction(() -> {
            JdbcBag bag = openBag(locator, key);
            Map<String, Integer> changes = new TreeMap<>();
            bag.removed().forEach(r -> changes.merge(r.table(), 1, Integer::sum));
            bag.modified().forEach(m -> changes.merge(m.table(), 1, Integer::sum));
            bag.decorrelated().forEach(d -> changes.merge(d.table(), 1, Integer::sum));
            return new BagSummary(bag.disguise(), bag.principal(), changes, bag.speaksFor().size());
        });
    }

    private JdbcBag openBag(Locator locator, PrivateKey key) {
        byte[] sealed = bags.get(locator).orElseThrow(() -> new RevealRefusedException(
                "no such bag: revealed already or never existed"));
        try {
            return SealedBags.open(key, locator, sealed, JdbcBag.class);
        } catch (UnsealException e) {
            throw new RevealRefusedException("the bag does not open with this key (a wrong key, or the bag was altered)");
        }
    }

    /**
     * Sets {@code column} of the row of {@code table} with key {@code key} (column to value text) to
     * {@code value} (text, null for NULL), on behalf of a user who speaks for the pseudoprincipal owning
     * the row: the row's owner column (one of the columns the user's disguises re-pointed) must hold a
     * pseudoprincipal of {@code proof}'s bags (which the proof's key opened, so they are the user's) whose
     * row is still in the principal table. The owner column itself cannot be edited (that would re-identify the row).
     *
     * @throws DisguiseException when the row is not found or not owned by such a pseudoprincipal
     */
    public void editAs(PrincipalProof proof, String table, Map<String, String> key, String column, String value) {
        if (!proof.present() || proof.locators().isEmpty()) {
            throw new DisguiseException("editing disguised data needs the key and the locators of its disguises");
        }
        // Names are checked before any SQL: they are written into statements unquoted.
        String t = plainName(table, "table");
        String c = plainName(column, "column");
        Map<String, String> keyText = new LinkedHashMap<>();
        for (Map.Entry<String, String> k : key.entrySet()) {
            keyText.put(plainName(k.getKey(), "key column"), k.getValue());
        }
        inTransaction(() -> {
            SpeaksForChain chain = SpeaksForChain.open(bags, proof);
            Map<String, SqlValue> where = new LinkedHashMap<>();
            for (Map.Entry<String, String> k : keyText.entrySet()) {
                where.put(k.getKey(), SqlValue.parse(sql.type(t, k.getKey()), k.getValue()));
            }
            List<Map<String, SqlValue>> rows = sql.select(t, where);
            if (rows.size() != 1) {
                throw new DisguiseException("no single row of " + t + " with " + Revealing.keyText(where));
            }
            List<String> owners = chain.ownerColumns(t);
            if (owners.contains(c)) {
                throw new DisguiseException(t + "." + c + " names the row's owner; it cannot be edited");
            }
            if (!ownedByOneSpokenFor(rows.get(0), owners, chain.speaksFor())) {
                throw new DisguiseException("the row of " + t + " with " + Revealing.keyText(where)
                        + " is not owned by a pseudoprincipal you speak for");
            }
            sql.update(t, c, SqlValue.parse(sql.type(t, c), value), where);
            return null;
        });
    }

    /** {@code name} upper-cased, if it is a plain SQL identifier by the spec parser's rule. */
    private static String plainName(String name, String what) {
        if (!SpecParser.isPlainIdentifier(name)) {
            throw new DisguiseException(what + " \"" + name + "\" is not a plain SQL name (letters, digits, _)");
        }
        return name.toUpperCase(Locale.ROOT);
    }

    private boolean ownedByOneSpokenFor(Map<String, SqlValue> row, List<String> owners,
                                        List<JdbcBag.SpeaksFor> spokenFor) throws SQLException {
        for (JdbcBag.SpeaksFor sf : spokenFor) {
            if (sql.count(sf.table(), Map.of(sf.idColumn(), sf.id())) == 0) {
                continue; // a later disguise (or an administrator) removed this pseudoprincipal's row
            }
            for (String owner : owners) {
                SqlValue v = row.get(owner);
                if (v != null && !v.isNull() && v.text().equals(sf.id().text())) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public long bags() {
        return inTransaction(bags::count);
    }

    @Override
    public void close() {
        try {
            sql.close();
        } catch (SQLException e) {
            // statements of a connection that is closing anyway
        }
        if (ownsConnection) {
            try {
                rewriteIfOwnedH2File();
            } catch (SQLException | IOException e) {
                throw new StoreException("the changes are committed, but the database file could not be rewritten "
                        + "without their old versions: " + e.getMessage(), e);
            } finally {
                try {
                    conn.close();
                } catch (SQLException e) {
                    // the database was shut down, or the failure above says more
                }
            }
            try {
                rewriteFileBehindEncryptedLayer();
            } catch (SQLException | IOException e) {
                throw new StoreException("the changes are committed, but the database file behind the encrypted "
                        + "layer could not be rewritten without their old versions: " + e.getMessage(), e);
            }
        }
    }

    /**
     * For an embedded H2 file this instance opened through Maat's encrypted layer ({@code jdbc:maat:h2:file:...})
     * and changed: once the layer's connection is closed, the same file opened with plain H2 and rewritten from its
     * live rows ({@link H2FileRewrite}), so the removed rows' ciphertexts (which the key beside the file decrypts)
     * leave it as a plain file's plaintext does. Skipped, as for a plain file, while another session has it open.
     */
    private void rewriteFileBehindEncryptedLayer() throws SQLException, IOException {
        String plainUrl = committed && openedUrl != null ? EncryptedLayerFile.plainH2Url(openedUrl) : null;
        if (plainUrl == null) {
            return;
        }
        Properties existing = new Properties();
        existing.putAll(credentials);
        existing.setProperty("IFEXISTS", "TRUE");
        Connection plain = DriverManager.getConnection(plainUrl, existing);
        try {
            rewriteAlone(plain, plainUrl);
        } finally {
            plain.close();
        }
    }

    /**
     * For a plain embedded H2 file this instance opened ({@link #open}, the command line) and changed:
     * {@link H2FileRewrite}, which rewrites the file from its live rows, so old versions of removed or
     * modified rows (index pages included) leave it ({@code SHUTDOWN COMPACT} for a file H2 encrypts).
     * Not for another driver, an in-memory or a server database (another process holds the file), nor
     * while another session has it open (its owner's close or compaction drops them), nor a connection
     * the caller passed in: the caller decides when its database closes.
     */
    private void rewriteIfOwnedH2File() throws SQLException, IOException {
        if (!committed || !(conn instanceof org.h2.jdbc.JdbcConnection)) {
            return;
        }
        String url = conn.getMetaData().getURL();
        if (url.startsWith("jdbc:h2:mem:") || url.startsWith("jdbc:h2:tcp:") || url.startsWith("jdbc:h2:ssl:")) {
            return;
        }
        rewriteAlone(conn, url);
    }

    /**
     * Rewrites {@code h2}'s file unless another session has it open; a file H2 encrypts ({@code CIPHER}) is rewritten
     * into a copy encrypted the same way (the cipher read from the URL or properties {@link #open} was given, never
     * from H2's metadata URL, which lists no settings). A connection the caller passed in only gets compacted.
     */
    private void rewriteAlone(Connection h2, String url) throws SQLException, IOException {
        try (java.sql.Statement st = h2.createStatement()) {
            try (java.sql.ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM INFORMATION_SCHEMA.SESSIONS")) {
                if (rs.next() && rs.getLong(1) > 1) {
                    return; // SHUTDOWN would close another session's database under it
                }
            }
            if (credentials == null) {
                String path = H2FileRewrite.databasePath(h2);
                st.execute("SHUTDOWN COMPACT");
                H2FileRewrite.removeTraceFiles(path);
                return;
            }
        }
        H2FileRewrite.rewrite(h2, credentials);
    }

    /** Refuses a connection that may hold the caller's uncommitted work (see the class comment). */
    private static void requireAutoCommit(Connection conn) throws SQLException {
        if (!conn.getAutoCommit()) {
            throw new DisguiseException("the connection is not in auto-commit mode: disguise operations run "
                    + "their own transactions, so commit or roll back yours and turn auto-commit on first; "
                    + "nothing was changed");
        }
    }

    private interface Work<T> {
        T run() throws SQLException;
    }

    /**
     * Runs {@code work} as one transaction: committed if it returns, rolled back if anything fails. A
     * connection not in auto-commit mode may hold the caller's own uncommitted work, which that commit or
     * rollback would take with it: refused before anything runs. Waits for the admission first.
     */
    private <T> T inTransaction(Work<T> work) {
        return admission.run(() -> transaction(work));
    }

    private synchronized <T> T transaction(Work<T> work) {
        try {
            requireAutoCommit(conn);
            conn.setAutoCommit(false);
        } catch (SQLException e) {
            throw new StoreException("cannot start a transaction: " + e.getMessage(), e);
        }
        boolean done = false;
        try {
            T result = work.run();
            conn.commit();
            done = true;
            committed = true;
            return result;
        } catch (SQLException e) {
            throw new DisguiseException("database error, nothing was changed: " + e.getMessage(), e);
        } finally {
            if (!done) {
                try {
                    conn.rollback();
                } catch (SQLException e) {
                    // the failure being thrown says more than this one
                }
            }
            try {
                conn.setAutoCommit(true);
            } catch (SQLException e) {
                // the connection is unusable; the next call says so
            }
        }
    }
}
