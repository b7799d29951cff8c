package org.maat.bench.disguise;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;

import java.util.SplittableRandom;
import org.maat.bench.load.ClosedLoop;
import org.maat.bench.load.ClosedLoop.Outcome;
import org.maat.bench.websubmit.WebSubmitData;
import org.maat.bench.websubmit.WebSubmitSql;
import org.maat.disguise.Admission;
import org.maat.disguise.DisguiseException;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.jdbc.JdbcDisguises;
import org.maat.disguise.spec.DisguiseSpec;

/**
 * Edna's adversarial write-only WebSubmit load: {@code editors} users each edit one of their
 * answers, pausing 250-500 ms between edits, all on the ANSWERS table; measured alone, then while
 * {@code disguisers} other users continuously delete their account with Maat and restore it (no pause),
 * then, as a baseline that tells the database's and the machine's share from Maat's, while the same
 * users delete their account with plain SQL and insert it again from the generator. Each editor and each
 * disguiser has its own connection. A disguiser left with its account deleted at the end restores it,
 * so the database ends as it began (answers edited aside).
 */
final class EditContention {

    /**
     * Normal edits alone, beside Maat's disguisers and beside the manual ones, and the disguisers' own
     * operations (null without disguisers).
     */
    record Result(ClosedLoop.Result alone, ClosedLoop.Result disguised, ClosedLoop.Result disguisers,
                  ClosedLoop.Result beside, ClosedLoop.Result manualDisguisers) {

        /** p95 of normal edits beside the manual delete/re-create over p95 alone. */
        double manualP95Ratio() {
            double a = alone.latencies().percentileMillis(0.95);
            return a == 0 || beside == null ? 0 : beside.latencies().percentileMillis(0.95) / a;
        }

        /** p95 of normal edits with disguisers over p95 alone: Maat's target is at most 1.10. */
        double p95Ratio() {
            double a = alone.latencies().percentileMillis(0.95);
            return a == 0 ? 0 : disguised.latencies().percentileMillis(0.95) / a;
        }
    }

    /** Opens a new connection to the benchmark's database. */
    @FunctionalInterface
    interface Connections {
        Connection open() throws SQLException;
    }

    private final WebSubmitData data;
    private final UserPlan plan;
    private final int editors;
    private final double warmUpSeconds;
    private final double seconds;
    private final long seed;

    EditContention(WebSubmitData data, UserPlan plan, int editors, double warmUpSeconds, double seconds, long seed) {
        this.data = data;
        this.plan = plan;
        this.editors = editors;
        this.warmUpSeconds = warmUpSeconds;
        this.seconds = seconds;
        this.seed = seed;
    }

    Result measure(Connections connections) throws Exception {
        ClosedLoop normal = ClosedLoop.of(editors).named("maat-disguise-bench-edit")
                .pauses(Duration.ofMillis(250), Duration.ofMillis(500))
                .warmUp(ClosedLoop.seconds(warmUpSeconds)).duration(ClosedLoop.seconds(seconds));
        ClosedLoop.Result alone = normal.run(c -> editor(connections, c));
        ClosedLoop.Result disguised;
        ClosedLoop.Result disguisers;
        ClosedLoop.Result beside = null;
        ClosedLoop.Result manualDisguisers = null;
        if (plan.disguisers() == 0) {
            disguised = alone;
            disguisers = null;
        } else {
            PrivateKey[] keys = new PrivateKey[plan.disguisers()];
            try (Connection conn = connections.open()) {
                JdbcDisguises maat = new JdbcDisguises(conn);
                for (int d = 0; d < keys.length; d++) {
                    keys[d] = PrincipalKeys.generate();
                    maat.register(data.email(plan.disguiser(d)), keys[d].publicKey());
                }
            }
            DisguiseSpec delete = DisguiseSpecs.builtin("websubmit-delete-account");
            // Edna's remedy for adversarial disguisers: they queue for one admission, leaving the other core
            // to the normal requests (the manual baseline below has no such limit).
            Admission admission = Admission.limitedTo(1);
            // The disguisers start first and stop after the editors: every measured edit has them beside it.
            ClosedLoop.Running running = ClosedLoop.of(plan.disguisers()).named("maat-disguise-bench-disguiser")
                    .duration(ClosedLoop.seconds(warmUpSeconds + seconds + 1))
                    .start(c -> disguiser(connections, delete, data.email(plan.disguiser(c)), keys[c], admission));
            try {
                disguised = normal.run(c -> editor(connections, c));
            } finally {
                disguisers = running.await();
            }
            ClosedLoop.Running manual = ClosedLoop.of(plan.disguisers()).named("maat-disguise-bench-manual")
                    .duration(ClosedLoop.seconds(warmUpSeconds + seconds + 1))
                    .start(c -> manualDisguiser(connections, plan.disguiser(c)));
            try {
                beside = normal.run(c -> editor(connections, c));
            } finally {
                manualDisguisers = manual.await();
            }
        }
        return new Result(alone, disguised, disguisers, beside, manualDisguisers);
    }

    private ClosedLoop.Client manualDisguiser(Connections connections, int user) throws SQLException {
        Connection conn = connections.open();
        WebSubmitSql app = new WebSubmitSql(conn);
        String email = data.email(user);
        return new ClosedLoop.Client() {
            private boolean deleted;

            @Override
            public Outcome send(long request) throws SQLException {
                if (deleted) {
                    app.recreateAccount(data, user);
                } else {
                    app.deleteAccount(email);
                }
                deleted = !deleted;
                return Outcome.answered();
            }

            @Override
            public void close() throws SQLException {
                try {
                    if (deleted) {
                        app.recreateAccount(data, user);
                    }
                } finally {
                    conn.close();
                }
            }
        };
    }

    private ClosedLoop.Client editor(Connections connections, int c) throws SQLException {
        Connection conn = connections.open();
        WebSubmitSql app = new WebSubmitSql(conn);
        SplittableRandom random = new SplittableRandom(seed * 31 + c);
        String email = data.email(plan.firstNormal() + c % plan.normalCount());
        return new ClosedLoop.Client() {
            @Override
            public Outcome send(long request) throws SQLException {
                int changed = app.editAnswer(email, 1 + random.nextInt(data.lectures()),
                        1 + random.nextInt(data.questions()), WebSubmitData.editedAnswer(random));
                return changed == 1 ? Outcome.answered() : Outcome.failed();
            }

            @Override
            public void close() throws SQLException {
                conn.close();
            }
        };
    }

    private static ClosedLoop.Client disguiser(Connections connections, DisguiseSpec delete, String email,
            PrivateKey key, Admission admission) throws SQLException {
        Connection conn = connections.open();
        JdbcDisguises maat = new JdbcDisguises(conn, admission);
        return new ClosedLoop.Client() {
            private Receipt deleted;

            @Override
            public Outcome send(long request) {
                try {
                    if (deleted == null) {
                        deleted = maat.apply(delete, email, PrincipalProof.none());
                    } else {
                        maat.reveal(deleted.locator(), key);
                        deleted = null;
                    }
                    return Outcome.answered();
                } catch (DisguiseException e) {
                    return Outcome.failed(); // e.g. a lock timeout under load: counted, then tried again
                }
            }

            @Override
            public void close() throws SQLException {
                try {
                    if (deleted != null) {
                        maat.reveal(deleted.locator(), key);
                    }
                } finally {
                    conn.close();
                }
            }
        };
    }
}
