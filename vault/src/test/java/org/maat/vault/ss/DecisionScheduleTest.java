package org.maat.vault.ss;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.vault.SettableClock;
import org.maat.vault.store.ServerStore;
import org.maat.vault.token.Action;
import org.maat.vault.token.Refusal;
import org.maat.vault.token.TokenSigner;
import org.maat.vault.token.TokenVerifier;

/**
 * Attack on the decisions' order (PROTOCOL.md, "Decisions"): three storage servers of one collection, server 1
 * deciding with its clock at 0 (a clock set back as far as it goes: epochs are the slot's count alone). Random
 * schedules of puts and deletes of one name, each run as the vault client runs it (a put stages everywhere and is
 * decided above the epochs its stages met; a delete asks every server the name's epoch and is decided above them),
 * while the deciding server's decisions travel to servers 2 and 3 as messages delivered in random order, late, and
 * some of them twice (a replayed request). Between operations, when no message is in flight, server 1's document for
 * the name is sometimes saved and later put back (its store restored from a backup), and a delete follows each
 * restore (what an operator runs). When every message has arrived, each server's committed share must be the one of
 * the last decision: the last put's, or none after a delete.
 *
 * <p>Fixed seed; a failing schedule is printed with the state of each server.
 */
class DecisionScheduleTest {

    private static final long SEED = 20_261_207L;
    private static final int SCHEDULES = 30;
    private static final int OPERATIONS = 12;
    private static final String ME = "0b".repeat(32);
    private static final String C = "erp";
    private static final Clock EPOCHS_FROM_ZERO = Clock.fixed(Instant.EPOCH, ZoneOffset.UTC);

    @TempDir
    Path dir;

    private final SettableClock clock = new SettableClock(Instant.parse("2026-12-07T12:00:00Z"));
    private final TokenSigner[] acs = new TokenSigner[4];
    private final Map<Integer, PublicKey> keys = new HashMap<>();
    private final ServerStore[] stores = new ServerStore[4];
    private final Storage[] servers = new Storage[4];
    private final Map<Action, List<String>> tokens = new java.util.EnumMap<>(Action.class);

    @BeforeEach
    void open() throws Exception {
        for (int id = 1; id <= 3; id++) {
            KeyPair pair = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
            acs[id] = new TokenSigner(id, pair.getPrivate(), clock);
            keys.put(id, pair.getPublic());
        }
        for (int id = 1; id <= 3; id++) {
            stores[id] = ServerStore.open(dir.resolve("server-" + id + ".mv.db"));
            servers[id] = new Storage(stores[id], new TokenVerifier(keys, clock, 100), Set.of(1, 2, 3),
                    EPOCHS_FROM_ZERO);
            servers[id].createCollection(ME, C, new ObjectMapper().readTree("{\"acs\": [1, 2, 3], \"quorum\": 2}"),
                    tokens(Action.CREATE));
        }
    }

    @AfterEach
    void close() {
        for (int id = 1; id <= 3; id++) {
            stores[id].close();
        }
    }

    /** A decision on its way from the deciding server to server {@code to}. */
    private record Message(String name, int to, boolean commit, String put, long epoch) {
        void deliver(Storage server, List<String> write, List<String> delete) {
            try {
                if (commit) {
                    server.applyCommit(ME, C, name, put, epoch, write);
                } else {
                    server.applyDelete(ME, C, name, epoch, put, delete);
                }
            } catch (Refusal refused) {
                // superseded, no-such-put, no-such-secret: the server keeps what it has
            }
        }
    }

    /** The name the schedule running now puts and deletes (one per schedule, in the same three stores). */
    private String current;

    @Test
    void everyServerEndsWithTheLastDecisionWhateverOrderItsMessagesArriveIn() {
        Random random = new Random(SEED);
        for (int schedule = 0; schedule < SCHEDULES; schedule++) {
            current = "s" + schedule;
            run(random, schedule);
        }
    }

    private void run(Random random, int schedule) {
        List<String> trace = new ArrayList<>();
        List<Message> inFlight = new ArrayList<>();
        List<Message> delivered = new ArrayList<>();
        String backup = null;
        Optional<String> last = Optional.empty(); // the last decision: a put's id, or empty after a delete
        boolean decided = false;
        for (int op = 0; op < OPERATIONS; op++) {
            // Some of the decisions in flight arrive, in random order; a few arrive again.
            deliverSome(random, inFlight, delivered, random.nextInt(inFlight.size() + 1), trace);
            boolean restore = false;
            if (inFlight.isEmpty() && random.nextInt(4) == 0) {
                if (backup == null) {
                    backup = stores[1].get(ServerStore.Kind.SECRETS, key()).orElse(null);
                    trace.add("server 1 backed up");
                } else {
                    restoreServer1(backup);
                    backup = null;
                    restore = true;
                    trace.add("server 1 restored from that backup");
                }
            }
            if (restore || random.nextInt(3) == 0) {
                Optional<Long> epoch = delete(inFlight);
                trace.add("delete: " + epoch.map(e -> "decided at " + e).orElse("refused"));
                if (epoch.isPresent()) {
                    last = Optional.empty();
                    decided = true;
                }
            } else {
                String put = "p" + op;
                Optional<Long> epoch = put(put, inFlight);
                trace.add("put " + put + ": " + epoch.map(e -> "decided at " + e).orElse("refused"));
                if (epoch.isPresent()) {
                    last = Optional.of(put);
                    decided = true;
                }
            }
        }
        deliverSome(random, inFlight, delivered, inFlight.size(), trace);
        if (!decided) {
            return;
        }
        for (int id = 1; id <= 3; id++) {
            assertThat(committedPut(id)).as("schedule %d: server %d's committed put after\n  %s\nservers hold %s",
                    schedule, id, String.join("\n  ", trace), states()).isEqualTo(last);
        }
    }

    /** The vault client's put: stage on every server, decide above the epochs met, send the decision on. */
    private Optional<Long> put(String put, List<Message> inFlight) {
        List<Integer> staged = new ArrayList<>();
        long after = 0;
        for (int id = 1; id <= 3; id++) {
            try {
                after = Math.max(after, servers[id].stageShare(ME, C, current, put, StorageTest.share(id, put + id, put),
                        tokens(Action.WRITE)).epoch());
                staged.add(id);
            } catch (Refusal refused) {
                // secret-exists: the put cannot be decided
            }
        }
        if (staged.size() == 3) {
            try {
                long epoch = servers[1].commitPut(ME, C, current, put, after, tokens(Action.WRITE)).epoch();
                inFlight.add(new Message(current, 2, true, put, epoch));
                inFlight.add(new Message(current, 3, true, put, epoch));
                return Optional.of(epoch);
            } catch (Refusal refused) {
                // another put is committed on the deciding server
            }
        }
        for (int id : staged) {
            try {
                servers[id].abortPut(ME, C, current, put, tokens(Action.WRITE));
            } catch (Refusal refused) {
                // already gone
            }
        }
        return Optional.empty();
    }

    /**
     * The vault client's delete: every server asked the name's epoch, decided on server 1 above them, then sent on
     * with its epoch and the put it took.
     */
    private Optional<Long> delete(List<Message> inFlight) {
        long after = 0;
        for (int id = 1; id <= 3; id++) {
            after = Math.max(after, servers[id].epoch(ME, C, current, tokens(Action.DELETE)));
        }
        Storage.Deletion deletion = servers[1].deleteSecret(ME, C, current, after, tokens(Action.DELETE));
        inFlight.add(new Message(current, 2, false, deletion.put(), deletion.epoch()));
        inFlight.add(new Message(current, 3, false, deletion.put(), deletion.epoch()));
        return Optional.of(deletion.epoch());
    }

    private void deliverSome(Random random, List<Message> inFlight, List<Message> delivered, int count,
            List<String> trace) {
        for (int i = 0; i < count && !inFlight.isEmpty(); i++) {
            Message m = inFlight.remove(random.nextInt(inFlight.size()));
            m.deliver(servers[m.to()], tokens(Action.WRITE), tokens(Action.DELETE));
            delivered.add(m);
            trace.add("  -> server " + m.to() + ": " + describe(m));
            if (random.nextInt(5) == 0) {
                Message again = delivered.get(random.nextInt(delivered.size()));
                again.deliver(servers[again.to()], tokens(Action.WRITE), tokens(Action.DELETE));
                trace.add("  -> server " + again.to() + " again: " + describe(again));
            }
        }
    }

    private static String describe(Message m) {
        return (m.commit() ? "commit of " + m.put() : "delete of " + (m.put() == null ? "(none)" : m.put()))
                + " at " + m.epoch();
    }

    private void restoreServer1(String document) {
        if (document == null) {
            stores[1].remove(ServerStore.Kind.SECRETS, key());
        } else {
            stores[1].put(ServerStore.Kind.SECRETS, key(), document);
        }
    }

    private Optional<String> committedPut(int id) {
        return Optional.ofNullable(SecretSlot.parse(stores[id].get(ServerStore.Kind.SECRETS, key()).orElse(null))
                .committedPut());
    }

    private String states() {
        StringBuilder text = new StringBuilder();
        for (int id = 1; id <= 3; id++) {
            SecretSlot slot = SecretSlot.parse(stores[id].get(ServerStore.Kind.SECRETS, key()).orElse(null));
            text.append("\n  server ").append(id).append(": epoch ").append(slot.epoch()).append(", committed ")
                    .append(slot.committedPut()).append(", staged ").append(slot.staged().keySet());
        }
        return text.toString();
    }

    private String key() {
        return C + "/" + current;
    }

    private List<String> tokens(Action action) {
        return tokens.computeIfAbsent(action, a -> List.of(acs[1].issue("collection:" + C, a, ME, 600).text(),
                acs[2].issue("collection:" + C, a, ME, 600).text()));
    }
}
