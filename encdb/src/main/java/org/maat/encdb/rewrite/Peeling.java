package org.maat.encdb.rewrite;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import org.maat.encdb.schema.CatalogSnapshot;
import org.maat.encdb.schema.EncryptedColumn;
import org.maat.encdb.schema.EncryptedTable;
import java.util.List;
import java.util.Locale;

/**
 * What planning a query does when it could use a layer not yet exposed. {@link #onDemand()}: ask for it
 * ({@link PeelRequired}; the driver peels and plans again). {@link #avoided(String)}: do without it
 * (a whole-in-H2 query is split, a pushed condition is left to the client, which evaluates it on
 * decrypted rows with the same answer) and record the peel it would have done (the split plan's EXPLAIN lines name it). Avoiding is
 * chosen by the driver when it must not peel: while the connection holds uncommitted
 * writes (a peel re-encrypts whole columns, which waits for open transactions). EXPLAIN instead plans on
 * a copy of the catalog where the peel is assumed done ({@link #assume}), so it shows the plan the
 * statement will run with.
 *
 * <p>Only queries avoid peels: a write that needs one still asks for it.
 */
public final class Peeling {

    private final String whyAvoided;
    private final List<String> avoided = new ArrayList<>();

    private Peeling(String whyAvoided) {
        this.whyAvoided = whyAvoided;
    }

    /** Peels are done when needed. */
    public static Peeling onDemand() {
        return new Peeling(null);
    }

    /** Peels are not done, for the reason given (shown in EXPLAIN). */
    public static Peeling avoided(String why) {
        return new Peeling(why);
    }

    /** Rethrows {@code p} when peels are done on demand; else records it, and the caller does without. */
    public void without(PeelRequired p) throws PeelRequired {
        if (whyAvoided == null) {
            throw p;
        }
        String line = "would peel " + describe(p);
        if (!avoided.contains(line)) {
            avoided.add(line);
        }
    }

    /** The peels done without so far, as {@code would peel T.C Eq RND->DET}. */
    public List<String> avoided() {
        return List.copyOf(avoided);
    }

    /** Why peels are avoided (null: they are not). */
    public String whyAvoided() {
        return whyAvoided;
    }

    /** {@code T.C Eq RND->DET}, or the re-keying into another join group. */
    public static String describe(PeelRequired p) {
        String onion = p.onion().name().charAt(0) + p.onion().name().substring(1).toLowerCase(Locale.ROOT);
        return p.column().qualifiedName() + " " + onion + " " + p.column().layer(p.onion()) + "->" + p.target()
                + (p.joinGroup() == null ? "" : " in join group " + p.joinGroup());
    }

    /** {@code catalog} as it would be once {@code p} is done (for EXPLAIN, which plans without peeling). */
    public static CatalogSnapshot assume(CatalogSnapshot catalog, PeelRequired p) {
        EncryptedColumn c = p.column();
        Map<String, EncryptedTable> tables = new HashMap<>(catalog.tables());
        if (p.joinGroup() == null) {
            tables.put(c.table(), catalog.table(c.table()).with(c.withLayer(p.onion(), p.target())));
        } else {
            for (EncryptedTable t : catalog.tables().values()) { // the column's whole group moves
                for (EncryptedColumn m : t.columns()) {
                    if (!m.plaintext() && m.joinGroup().equals(c.joinGroup())) {
                        tables.put(m.table(), tables.get(m.table()).with(m.withJoinGroup(p.joinGroup())));
                    }
                }
            }
        }
        return new CatalogSnapshot(catalog.version(), tables, catalog.views(), catalog.routines(), catalog.triggers());
    }
}
