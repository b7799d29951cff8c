package org.maat.disguise.search;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Whether the other party of a fact a disguise withdrew has left since by a disguise of their own: decided from
 * the disguise records, never from what the party still has in the data (a user with no account and no document is
 * in the data only through friendships, which their friends' disguises may all have taken away meanwhile).
 *
 * <p>How: when a disguise withdraws a fact naming another party who is in the data, it leaves a <em>watch</em> in
 * {@code disguise.db}: a fresh random token filed under the party's id, the token kept in its sealed bag. A later
 * disguise of that party that withdraws the facts naming them takes every watch filed under them (into its own
 * bag), so the store no longer names them. A reveal finds its watch still filed (the party has not left: the fact
 * comes back, the watch goes) or taken (the party left by their own disguise: the fact stays out, and the token is
 * marked as spent, a random key with an empty value). The party's own reveal files its watches again, or clears a
 * spent mark.
 *
 * <p>What it guarantees: a watch names only a party present in the data, never the disguised principal; once the
 * party disguises, no watch names them. What it does not: a watch tells someone holding {@code disguise.db} that
 * some friend of the party it names has disguised (policy.db's history of friendships would tell them as much);
 * a friendship whose two parties have both left comes back only if they reveal latest first.
 */
final class Departures {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final byte[] SPENT = new byte[0];

    private final DisguiseFile file;

    Departures(DisguiseFile file) {
        this.file = file;
    }

    /** A fresh watch token. */
    static String newToken() {
        byte[] b = new byte[16];
        RANDOM.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    /** The tokens of the watches filed under {@code party}: a disguise of theirs takes them. */
    List<String> filedUnder(String party) {
        byte[] name = party.getBytes(StandardCharsets.UTF_8);
        List<String> tokens = new ArrayList<>();
        file.all(DisguiseFile.WATCHES).forEach((token, value) -> {
            if (java.util.Arrays.equals(value, name)) {
                tokens.add(token);
            }
        });
        return tokens;
    }

    /** The parties among {@code watches} (party to token) whose watch a disguise of theirs has taken. */
    Set<String> departed(Map<String, String> watches) {
        Set<String> gone = new TreeSet<>();
        watches.forEach((party, token) -> {
            byte[] value = file.get(DisguiseFile.WATCHES, token).orElse(null);
            if (value == null || value.length == 0) {
                gone.add(party);
            }
        });
        return gone;
    }

    /** An apply's part, in its commit: files the bag's watches, takes those filed under its principal. */
    static void applied(DisguiseFile.Edit edit, SearchBag bag) {
        bag.watches().forEach((party, token) ->
                edit.putNew(DisguiseFile.WATCHES, token, party.getBytes(StandardCharsets.UTF_8)));
        bag.takenWatches().forEach(token -> edit.remove(DisguiseFile.WATCHES, token));
    }

    /** A reveal's part, in its commit: undoes {@link #applied}, marking spent the watches taken meanwhile. */
    void revealed(DisguiseFile.Edit edit, SearchBag bag) {
        bag.watches().forEach((party, token) -> {
            if (file.get(DisguiseFile.WATCHES, token).isPresent()) {
                edit.remove(DisguiseFile.WATCHES, token);
            } else {
                edit.put(DisguiseFile.WATCHES, token, SPENT);
            }
        });
        for (String token : bag.takenWatches()) {
            if (file.get(DisguiseFile.WATCHES, token).isPresent()) {
                edit.remove(DisguiseFile.WATCHES, token); // spent: its fact's reveal went by while we were away
            } else {
                edit.put(DisguiseFile.WATCHES, token, bag.principal().getBytes(StandardCharsets.UTF_8));
            }
        }
    }
}
