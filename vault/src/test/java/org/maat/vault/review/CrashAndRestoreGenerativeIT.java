package org.maat.vault.review;

import static org.assertj.core.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.vault.VaultException;
import org.maat.vault.client.PutOptions;
import org.maat.vault.client.VaultClient;
import org.maat.vault.review.HookedVault.Fault;

/**
 * Generative attack on "an acknowledged put reads back with any k servers up": random puts and deletes of one name
 * of a 2-of-3 collection (quorum 2), each meeting random kill points (each server may die before or after its
 * first stage, commit or delete of the name), followed, when it
 * failed, by the rerun its error asks for; and random backups of one server's store, put back at a random later
 * step (a replaced disk). Right after every acknowledged put, each server in turn is stopped and the other two
 * (k = 2 shares, 2 of 3 ACSs) must read the acknowledged value.
 *
 * <p>Fixed seed and a bounded number of steps; the first acknowledged put that does not read back fails the test
 * with the trace of what led to it.
 */
class CrashAndRestoreGenerativeIT {

    private static final long SEED = 7_2026_1207L;
    private static final int SEQUENCES = 4;
    private static final int STEPS = 5;
    private static final PutOptions TWO_OF_THREE = PutOptions.of(2, 3, 2);

    @TempDir
    Path dir;

    @Test
    void everyAcknowledgedPutReadsBackWithAnyOneServerDown() throws Exception {
        Random random = new Random(SEED);
        Path backups = Files.createDirectories(dir.resolve("backups"));
        int acknowledged = 0;
        int onRerun = 0;
        try (HookedVault vault = new HookedVault(dir.resolve("vault"))) {
            PutAcknowledgedOnDecidingServerOnlyIT.warmUp(vault);
            for (int sequence = 0; sequence < SEQUENCES; sequence++) {
                String name = "g" + sequence;
                List<String> trace = new ArrayList<>();
                trace.add("sequence " + sequence + " on b/" + name + " (2 of 3, quorum 2):");
                int restored = 1 + random.nextInt(3);
                int backupAt = random.nextInt(STEPS - 1);
                int restoreAt = backupAt + 1 + random.nextInt(STEPS - 1 - backupAt);
                Path backup = backups.resolve(name + "-server" + restored + ".mv.db");
                for (int step = 0; step < STEPS; step++) {
                    if (step == backupAt) {
                        vault.backup(restored, backup);
                        trace.add("  server " + restored + " backed up");
                    }
                    if (step == restoreAt) {
                        vault.restore(restored, backup);
                        trace.add("  server " + restored + " restored from that backup");
                    }
                    boolean put = random.nextInt(3) > 0;
                    byte[] value = new byte[16];
                    random.nextBytes(value);
                    Map<Integer, Death> deaths = deaths(random, put);
                    trace.add("  " + (put ? "put " + HexFormat.of().formatHex(value) : "delete") + ", planned deaths "
                            + describe(deaths));
                    installFaults(vault, name, deaths, trace);
                    boolean done = false;
                    for (int attempt = 0; attempt < 2 && !done; attempt++) {
                        try {
                            if (put) {
                                withClient(vault, c -> c.put("b", name, value, TWO_OF_THREE));
                            } else {
                                withClient(vault, c -> c.delete("b", name));
                            }
                            done = true;
                            trace.add("    attempt " + attempt + ": acknowledged");
                        } catch (VaultException e) {
                            trace.add("    attempt " + attempt + ": " + e.getMessage());
                        }
                        vault.faults((server, method, path) -> Fault.NONE); // the rerun meets no deaths
                        vault.startAll();
                    }
                    if (put && done) {
                        acknowledged++;
                        onRerun += trace.get(trace.size() - 1).startsWith("    attempt 1") ? 1 : 0;
                        checkReadsBackWithAnyOneServerDown(vault, name, value, trace);
                    }
                }
            }
        }
        if (acknowledged == 0) {
            fail("no put was acknowledged: the attack tested nothing");
        }
        System.out.println("CrashAndRestoreGenerativeIT: " + acknowledged + " puts acknowledged and read back with each "
                + "server down, " + onRerun + " of them on the rerun of a put that failed");
    }

    /** The requests about a name a server can die around. */
    enum Kind {
        STAGE, COMMIT, DELETE;

        static Kind of(String method, String path, String prefix) {
            if (method.equals("PUT") && path.startsWith(prefix + "/puts/")) {
                return STAGE;
            }
            if (method.equals("POST") && path.endsWith("/commit")) {
                return COMMIT;
            }
            return method.equals("DELETE") && path.equals(prefix) ? DELETE : null;
        }
    }

    /** A server's death around its first request of one kind. */
    record Death(Kind kind, Fault fault) {
        @Override
        public String toString() {
            return (fault == Fault.DIE_BEFORE ? "before" : "after") + " its " + kind.name().toLowerCase();
        }
    }

    /**
     * For each server, at random (one in two), death before or after its first request of one kind: for a put,
     * its commit (three in four: the moment an acknowledgement is decided) or its stage; for a delete, the delete.
     */
    private static Map<Integer, Death> deaths(Random random, boolean put) {
        Map<Integer, Death> deaths = new TreeMap<>();
        for (int server = 1; server <= 3; server++) {
            boolean dies = random.nextBoolean();
            Kind kind = !put ? Kind.DELETE : random.nextInt(4) > 0 ? Kind.COMMIT : Kind.STAGE;
            Fault fault = random.nextBoolean() ? Fault.DIE_BEFORE : Fault.DIE_AFTER;
            if (dies) {
                deaths.put(server, new Death(kind, fault));
            }
        }
        return deaths;
    }

    private static void installFaults(HookedVault vault, String name, Map<Integer, Death> deaths, List<String> trace) {
        String prefix = "/ss/collections/b/secrets/" + name;
        Map<Integer, Boolean> dead = new ConcurrentHashMap<>();
        vault.faults((server, method, path) -> {
            Death death = deaths.get(server);
            if (death == null || Kind.of(method, path.split("\\?")[0], prefix) != death.kind()
                    || dead.putIfAbsent(server, true) != null) {
                return Fault.NONE;
            }
            synchronized (trace) {
                trace.add("    server " + server + " dies " + death + ": " + method + " " + path);
            }
            return death.fault();
        });
    }

    private static void checkReadsBackWithAnyOneServerDown(HookedVault vault, String name, byte[] value,
            List<String> trace) {
        for (int down = 1; down <= 3; down++) {
            vault.stop(down);
            try {
                byte[] got = withClient(vault, c -> c.get("b", name));
                if (!Arrays.equals(got, value)) {
                    fail(String.join("\n", trace) + "\nwith server " + down + " down, get returned "
                            + HexFormat.of().formatHex(got) + ", not the acknowledged value");
                }
            } catch (VaultException e) {
                fail(String.join("\n", trace) + "\nright after that acknowledged put, with server " + down
                        + " down (the other two up: k = 2 shares and 2 of 3 ACSs), the secret is lost: "
                        + e.getMessage());
            } finally {
                vault.start(down);
            }
        }
    }

    private static String describe(Map<Integer, Death> deaths) {
        if (deaths.isEmpty()) {
            return "none";
        }
        List<String> parts = new ArrayList<>();
        deaths.forEach((server, death) -> parts.add("server " + server + " " + death));
        return String.join(", ", parts);
    }

    private interface ClientCall<T> {
        T on(VaultClient client);
    }

    /** A fresh client per operation, so that no pooled connection to a restarted server is met. */
    private static <T> T withClient(HookedVault vault, ClientCall<T> call) {
        try (VaultClient client = VaultClient.open(vault.config().dir(), "alice", Duration.ofSeconds(2),
                Duration.ofSeconds(10))) {
            return call.on(client);
        }
    }
}
