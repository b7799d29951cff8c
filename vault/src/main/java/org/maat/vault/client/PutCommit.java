package org.maat.vault.client;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.maat.vault.config.ServerEndpoint;

/**
 * The one place a put is acknowledged ({@link VaultClient#put} returns normally, also when a rerun finds the name
 * taken by this very value): put P of a name, staged on each of its collection's n servers, is decided on the
 * deciding server ({@link #decide}: it answers the decision's epoch E), then committed on each other server with E
 * ({@link #spread}). {@link #spread} returns only when each of the n servers has answered that it holds P committed
 * at E, so that any k of them read P without the others (a reader needs a committed share to find a staged one);
 * or when the deciding server, asked again, shows that a later decision of its own (a delete) has replaced P, which
 * is then P's place in the name's order of decisions.
 *
 * <p>Nothing else is an acknowledgement: a server that did not answer its commit (P is decided; the put fails
 * saying so, and its rerun rolls P forward: it reads the value, finds P, and comes here again, {@link #decide}
 * answering P's epoch); a server that answers {@code superseded} or {@code no-such-put} while the deciding server
 * still holds P at E (the deciding server's epochs went back, or that server lost its staged share: restored from
 * a backup). Then the put fails telling the operator to delete the name and put it again.
 *
 * <p>Not guaranteed: that P reads back after a delete decided after it (that is the delete), or once more than
 * n - k of the servers that acknowledged it have lost their stores.
 */
final class PutCommit {

    /** What the deciding server answered a put's commit. */
    enum Outcome {
        /** P is committed there at {@link Decision#epoch()} (now, or by an earlier commit). */
        DECIDED,
        /** A 4xx refusal: another put is committed there ({@code secret-exists}), or P's share is gone. */
        REFUSED,
        /** No answer, or a server error: P may or may not be committed there. */
        UNKNOWN
    }

    /** The deciding server's answer: its outcome, the epoch when decided, and the exchange for messages. */
    record Decision(Outcome outcome, long epoch, Exchange answer) {

        boolean refusedAs(int status, String code) {
            return outcome == Outcome.REFUSED && answer.status() == status && code.equals(answer.code());
        }
    }

    private final VaultHttp http;
    private final String what;
    private final String path;
    private final String deleteCommand;
    private final ServerEndpoint decider;
    private final List<ServerEndpoint> others;
    private final Collection<String> write;
    private final long after;

    /**
     * @param what          "collection/name", for messages
     * @param putPath       the put's path on a storage server ({@code /ss/collections/C/secrets/S/puts/P})
     * @param deleteCommand the command that deletes the name, for the message of a put that needs it
     * @param decider       the collection's deciding server
     * @param others        the collection's other servers (all n - 1)
     * @param write         write tokens for the collection
     * @param after         the highest epoch of the name the put's stages met on the servers (0: none): a decision
     *                      made now is above it
     */
    PutCommit(VaultHttp http, String what, String putPath, String deleteCommand, ServerEndpoint decider,
            List<ServerEndpoint> others, Collection<String> write, long after) {
        this.http = http;
        this.what = what;
        this.path = putPath;
        this.deleteCommand = deleteCommand;
        this.decider = decider;
        this.others = List.copyOf(others);
        this.write = write;
        this.after = after;
    }

    /**
     * Commits P on the deciding server, at an epoch above {@code after} if it decides now: answered with the epoch
     * of the decision, new or earlier (a retried commit, or a rerun's roll-forward).
     */
    Decision decide() {
        Exchange answer = http.send(decider, "POST", path + "/commit" + (after > 0 ? "?after=" + after : ""), null,
                write).join();
        long epoch = answer.ok() && answer.body() != null ? answer.body().path("epoch").asLong() : 0;
        if (epoch > 0) {
            return new Decision(Outcome.DECIDED, epoch, answer);
        }
        if (answer.answered() && answer.status() >= 400 && answer.status() < 500) {
            return new Decision(Outcome.REFUSED, 0, answer);
        }
        return new Decision(Outcome.UNKNOWN, 0, answer);
    }

    /**
     * Commits P, decided at {@code epoch}, on every other server, and returns only when the put can be
     * acknowledged (see the class comment).
     *
     * @throws SecretNotStoredException saying what the operator runs: the put again (to finish it), or a delete of
     *         the name and the put (when a server's store went back)
     */
    void spread(long epoch, ServerProblems problems) {
        long at = epoch;
        for (int round = 0; ; round++) {
            long decided = at;
            List<Exchange> commits = http.sendEach(others, server ->
                    http.send(server, "POST", path + "/commit?epoch=" + decided, null, write));
            List<ServerEndpoint> unanswered = new ArrayList<>();
            List<ServerEndpoint> later = new ArrayList<>();
            List<ServerEndpoint> lost = new ArrayList<>();
            for (Exchange e : commits) {
                if (e.ok()) {
                    continue;
                }
                problems.add(e);
                if (e.status() == 409 && "superseded".equals(e.code())) {
                    later.add(e.server());
                } else if (e.status() == 404 && "no-such-put".equals(e.code())) {
                    lost.add(e.server());
                } else {
                    unanswered.add(e.server());
                }
            }
            if (!unanswered.isEmpty()) {
                throw notStored("server " + decider.id() + ", which decides, committed it at epoch " + decided
                        + ", but servers " + ServerProblems.ids(unanswered) + " did not take the commit, so not every "
                        + "k servers can read it yet: run the put again to finish it (it commits the shares staged "
                        + "there)", problems);
            }
            if (later.isEmpty() && lost.isEmpty()) {
                return;
            }
            // A server holds a decision of epoch >= ours, or no share of P: fine only if the deciding server has
            // made a later decision itself (a delete that followed this put). Ask it again: a retried commit answers
            // P's epoch while P is still its decision.
            Decision again = decide();
            switch (again.outcome()) {
                case REFUSED:
                    if (again.refusedAs(404, "no-such-put") || again.refusedAs(409, "secret-exists")) {
                        return; // decided, then replaced by the deciding server's later decision
                    }
                    problems.add(again.answer());
                    throw notStored("server " + decider.id() + ", which decides, refused to confirm its decision; "
                            + "run the put again", problems);
                case UNKNOWN:
                    problems.add(again.answer());
                    throw notStored("server " + decider.id() + ", which decides, did not confirm its decision: run "
                            + "the put again to finish it", problems);
                case DECIDED:
                default:
                    if (again.epoch() != decided && round < 2) {
                        at = again.epoch(); // its store had lost the commit and decided P anew, above: apply that
                        continue;
                    }
                    String why = !later.isEmpty()
                            ? "servers " + ServerProblems.ids(later) + " have applied a later decision about the name "
                                    + "that server " + decider.id() + ", which decides, has no record of: its store "
                                    + "went back (restored from a backup?) and its epochs with it"
                            : "servers " + ServerProblems.ids(lost) + " have no share of it (their store went back?)";
                    throw notStored("server " + decider.id() + " committed it at epoch " + again.epoch() + ", but "
                            + why + "; it is not acknowledged: run '" + deleteCommand + "', then put it again",
                            problems);
            }
        }
    }

    private SecretNotStoredException notStored(String why, ServerProblems problems) {
        return new SecretNotStoredException("cannot store " + what + ": " + why + "; " + problems.describe(),
                problems.byServer());
    }
}
