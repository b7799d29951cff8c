package org.maat.vault.client;

import java.util.ArrayList;
import java.util.List;
import org.maat.vault.config.ServerEndpoint;

/**
 * The decisions a read's answers report about one name, each with the epoch the deciding server gave it (PROTOCOL.md,
 * "Decisions"): a committed share answers the epoch of the put that committed it, {@code no-such-secret} the epoch of
 * the delete whose tombstone is there (none: 0). The read follows only the latest: epochs of one deciding server grow
 * with every decision, so the highest one is the last decision any answering server applied, and a server restored
 * from a backup older than it holds an older decision. Its shares are not combined, however many such servers answer:
 * a stale majority never outvotes the last acknowledged put, nor brings back a deleted value.
 *
 * <p>Answers without epochs (shares stored before epochs existed, or by the single-server put) are all latest when no
 * answer has one: the read then combines as {@link ShareSet} does. Not thread-safe: one read's thread fills it.
 */
final class Decisions {

    /** A committed share one server answered, with its decision's epoch (0: none). */
    record Held(ServerEndpoint server, Share share, long epoch) {}

    private final List<Held> held = new ArrayList<>();
    private long tombstone;

    /** {@code server} answered {@code share}, committed by the decision of {@code epoch}. */
    void put(ServerEndpoint server, Share share, long epoch) {
        held.add(new Held(server, share, epoch));
    }

    /** A server answered that it holds no committed share, with its tombstone's epoch (0: none). */
    void delete(long epoch) {
        tombstone = Math.max(tombstone, epoch);
    }

    List<Held> shares() {
        return List.copyOf(held);
    }

    private Held newestShare() {
        Held newest = null;
        for (Held h : held) {
            if (newest == null || h.epoch() > newest.epoch()) {
                newest = h;
            }
        }
        return newest;
    }

    /** True when the latest decision reported is a delete: no share is the value. */
    boolean latestIsDelete() {
        Held newest = newestShare();
        return tombstone > 0 && (newest == null || newest.epoch() <= tombstone);
    }

    /** True when the latest decision reported is a put with an epoch: only its shares are the value. */
    boolean latestIsPut() {
        Held newest = newestShare();
        return !latestIsDelete() && newest != null && newest.epoch() > 0;
    }

    /** Whether {@code share} belongs to the latest decision (every share does when no answer has an epoch). */
    boolean isLatest(Held share) {
        if (latestIsDelete()) {
            return false;
        }
        if (!latestIsPut()) {
            return true;
        }
        return share.share().put().equals(newestShare().share().put());
    }

    /** True when some answer reports a decision older than the latest (a server whose store went back). */
    boolean olderSeen() {
        return (tombstone > 0 && !latestIsDelete()) || held.stream().anyMatch(h -> !isLatest(h));
    }

    /** The latest decision, for messages. */
    String describeLatest() {
        if (latestIsDelete()) {
            return "the delete decided at epoch " + tombstone;
        }
        Held newest = newestShare();
        return newest == null ? "no decision" : describe(newest);
    }

    /** The decision that committed {@code share}, for messages. */
    String describe(Held share) {
        String put = share.share().put();
        return "put " + (put.isEmpty() ? "(without id)" : put.length() > 8 ? put.substring(0, 8) : put)
                + " decided at epoch " + share.epoch();
    }
}
