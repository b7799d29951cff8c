package org.maat.disguise.search;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.crypto.PublicKey;
import org.maat.disguise.search.SearchRecords.TakenWatch;
import org.maat.disguise.search.SearchRecords.WithdrawnViews;

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
 * <p>Documents are watched the same way: a disguise that takes the principal's search history files a watch under
 * every document still in the data that the history views, and a later disguise that removes such a document takes
 * the watches filed under it. It files a <em>return</em> under each token it took, the public half of a fresh key
 * pair whose private half it keeps in its bag: a reveal that finds its document watch taken leaves the history lines
 * naming the document out and seals them to the return ({@link ReturnMail}); the reveal of the disguise that took the
 * watch opens them and puts them back with the document.
 *
 * <p>What it guarantees: a watch names only a party or a document present in the data, never the disguised principal;
 * once the party disguises, or the document is removed, no watch names them. What it does not: a watch tells someone
 * holding {@code disguise.db} that some friend of the party it names, or some user who viewed the document, has
 * disguised (policy.db's history of friendships would tell them as much); a friendship whose two parties have both
 * left comes back only if they reveal latest first.
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

    /**
     * An apply's part, in its commit: files the bag's watches, takes those filed under its principal and under the
     * documents it removes, filing a return under each of the latter.
     */
    static void applied(DisguiseFile.Edit edit, SearchBag bag) {
        bag.watches().forEach((party, token) ->
                edit.putNew(DisguiseFile.WATCHES, token, party.getBytes(StandardCharsets.UTF_8)));
        bag.viewWatches().forEach((document, token) ->
                edit.putNew(DisguiseFile.WATCHES, token, document.getBytes(StandardCharsets.UTF_8)));
        bag.takenWatches().forEach(token -> edit.remove(DisguiseFile.WATCHES, token));
        for (TakenWatch taken : bag.takenViewWatches()) {
            edit.remove(DisguiseFile.WATCHES, taken.token());
            edit.putNew(DisguiseFile.RETURNS, taken.token(), PrivateKey.parse(taken.returnKey()).publicKey().bytes());
        }
    }

    /** The public key of the return filed under {@code token}, if the disguise that took its watch is still applied. */
    Optional<PublicKey> returnOf(String token) {
        return file.get(DisguiseFile.RETURNS, token).map(PublicKey::of);
    }

    /** The history lines sealed to the return of {@code taken} by other users' reveals, opened. */
    Optional<WithdrawnViews> mailFor(TakenWatch taken) {
        return file.get(DisguiseFile.MAIL, taken.token())
                .map(sealed -> ReturnMail.open(PrivateKey.parse(taken.returnKey()), taken.token(), sealed));
    }

    /**
     * A reveal's part, in its commit: undoes {@link #applied}, marking spent the watches taken meanwhile, filing
     * {@code mail} (token to sealed lines) under the returns of the document watches taken meanwhile, and taking the
     * mail filed under its own returns (put back by its plan).
     */
    void revealed(DisguiseFile.Edit edit, SearchBag bag, Map<String, byte[]> mail) {
        java.util.function.BiConsumer<String, String> unwatch = (watched, token) -> {
            if (file.get(DisguiseFile.WATCHES, token).isPresent()) {
                edit.remove(DisguiseFile.WATCHES, token);
            } else {
                edit.put(DisguiseFile.WATCHES, token, SPENT);
            }
        };
        bag.watches().forEach(unwatch);
        bag.viewWatches().forEach(unwatch);
        mail.forEach((token, sealed) -> edit.put(DisguiseFile.MAIL, token, sealed));
        for (TakenWatch taken : bag.takenViewWatches()) {
            edit.remove(DisguiseFile.RETURNS, taken.token());
            edit.remove(DisguiseFile.MAIL, taken.token());
            if (file.get(DisguiseFile.WATCHES, taken.token()).isPresent()) {
                edit.remove(DisguiseFile.WATCHES, taken.token()); // spent: the viewer's reveal went by meanwhile
            } else {
                edit.put(DisguiseFile.WATCHES, taken.token(), taken.document().getBytes(StandardCharsets.UTF_8));
            }
        }
        for (String token : bag.takenWatches()) {
            if (file.get(DisguiseFile.WATCHES, token).isPresent()) {
                edit.remove(DisguiseFile.WATCHES, token); // spent: its fact's reveal went by while we were away
            } else {
                edit.put(DisguiseFile.WATCHES, token, bag.principal().getBytes(StandardCharsets.UTF_8));
            }
        }
    }
}
