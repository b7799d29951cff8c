package org.maat.disguise.jdbc;

import java.util.ArrayList;
import java.util.List;
import org.maat.disguise.DisguiseException;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.crypto.UnsealException;
import org.maat.disguise.store.BagStore;
import org.maat.disguise.store.Locator;
import org.maat.disguise.store.SealedBags;

/**
 * The user's earlier bags, opened with their key: who they speak for (each bag's pseudoprincipals and
 * their private keys) and which columns of which tables those pseudoprincipals own.
 */
final class SpeaksForChain {

    private final List<JdbcBag> bags;

    private SpeaksForChain(List<JdbcBag> bags) {
        this.bags = bags;
    }

    /**
     * Opens every bag of {@code proof}; a missing bag or one the key does not open refuses the operation.
     * Errors name a receipt by its place in the proof, never by its locator: a locator is a secret.
     */
    static SpeaksForChain open(BagStore store, PrincipalProof proof) {
        List<JdbcBag> opened = new ArrayList<>();
        List<Locator> locators = proof.locators();
        for (int i = 0; i < locators.size(); i++) {
            if (!proof.present()) {
                throw new DisguiseException("locators given without the key that opens them");
            }
            Locator locator = locators.get(i);
            String which = "receipt " + (i + 1) + " of the " + locators.size() + " given";
            byte[] sealed = store.get(locator).orElseThrow(() -> new DisguiseException(
                    "no bag for " + which + " (revealed already, or never existed)"));
            try {
                opened.add(SealedBags.open(proof.key(), locator, sealed, JdbcBag.class));
            } catch (UnsealException e) {
                throw new DisguiseException("the key given does not open the bag of " + which);
            }
        }
        return new SpeaksForChain(opened);
    }

    /**
     * Whether one of these bags records a disguise of {@code principal}: as every bag opened with the
     * proof's key, proof that the key is that principal's own.
     */
    boolean disguised(String principal) {
        return bags.stream().anyMatch(b -> b.principal().equals(principal));
    }

    List<JdbcBag.SpeaksFor> speaksFor() {
        List<JdbcBag.SpeaksFor> all = new ArrayList<>();
        bags.forEach(b -> all.addAll(b.speaksFor()));
        return all;
    }

    /** The columns of {@code table} that these bags re-pointed at pseudoprincipals. */
    List<String> ownerColumns(String table) {
        List<String> cols = new ArrayList<>();
        for (JdbcBag b : bags) {
            for (JdbcBag.Decorrelated d : b.decorrelated()) {
                if (d.table().equals(table) && !cols.contains(d.column())) {
                    cols.add(d.column());
                }
            }
        }
        return cols;
    }
}
