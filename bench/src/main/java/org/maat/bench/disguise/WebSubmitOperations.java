package org.maat.bench.disguise;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.maat.bench.load.Latencies;
import org.maat.bench.websubmit.WebSubmitData;
import org.maat.bench.websubmit.WebSubmitSql;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.jdbc.JdbcDisguises;
import org.maat.disguise.spec.DisguiseSpec;

/**
 * Edna's WebSubmit operations, one at a time on a loaded database, each timed alone: create an
 * account, edit an answer, delete an account, anonymize an account, edit anonymized data (with the
 * speaks-for proof) and restore an account, with Maat's disguises ({@link JdbcDisguises}, the built-in
 * specs) and, where one exists, with the manual irreversible SQL ({@link WebSubmitSql}). Every measured
 * disguise is of a different user, and every user Maat disguised is restored (the restores are the
 * measured reveals), each checked to have its answers back. The first {@code warmUp} operations of each
 * kind run on users of their own and are not timed.
 */
final class WebSubmitOperations {

    /** Kinds of disguise that use users of their own (see {@link UserPlan}). */
    static final int KINDS = 4;
    private static final int MAAT_DELETE = 0;
    private static final int MANUAL_DELETE = 1;
    private static final int MAAT_ANONYMIZE = 2;
    private static final int MANUAL_ANONYMIZE = 3;

    private final WebSubmitData data;
    private final UserPlan plan;
    private final int warmUp;
    private final int runs;
    private final SplittableRandom random;

    WebSubmitOperations(WebSubmitData data, UserPlan plan, int warmUp, int runs, long seed) {
        this.data = data;
        this.plan = plan;
        this.warmUp = warmUp;
        this.runs = runs;
        this.random = new SplittableRandom(seed);
    }

    /** Runs every operation on {@code maatConn} (disguises) and {@code sqlConn} (the application's SQL). */
    List<Timed> measure(Connection maatConn, Connection sqlConn) throws SQLException {
        JdbcDisguises maat = new JdbcDisguises(maatConn);
        WebSubmitSql app = new WebSubmitSql(sqlConn);
        DisguiseSpec delete = DisguiseSpecs.builtin("websubmit-delete-account");
        DisguiseSpec anonymize = DisguiseSpecs.builtin("websubmit-anonymize-account");
        int n = warmUp + runs;
        PrivateKey[] deleteKeys = register(maat, MAAT_DELETE, n);
        PrivateKey[] anonymizeKeys = register(maat, MAAT_ANONYMIZE, n);
        List<Timed> out = new ArrayList<>();

        long[] maatCreate = new long[n];
        long[] manualCreate = new long[n];
        for (int i = 0; i < n; i++) {
            String maatEmail = "new-maat-" + i + "@websubmit.example";
            long t0 = System.nanoTime();
            app.createAccount(maatEmail, random);
            maat.register(maatEmail, PrincipalKeys.generate().publicKey());
            maatCreate[i] = System.nanoTime() - t0;
            long t1 = System.nanoTime();
            app.createAccount("new-manual-" + i + "@websubmit.example", random);
            manualCreate[i] = System.nanoTime() - t1;
        }
        out.add(timed("create account", Timed.MAAT, maatCreate, "user row + key pair + registry entry"));
        out.add(timed("create account", Timed.MANUAL, manualCreate, "user row"));

        long[] edits = new long[n];
        for (int i = 0; i < n; i++) {
            int user = plan.firstNormal() + random.nextInt(plan.normalCount());
            String answer = WebSubmitData.editedAnswer(random);
            long t0 = System.nanoTime();
            int changed = app.editAnswer(data.email(user), 1 + random.nextInt(data.lectures()),
                    1 + random.nextInt(data.questions()), answer);
            edits[i] = System.nanoTime() - t0;
            expect(changed == 1, "an edit changed " + changed + " rows");
        }
        out.add(timed("edit answer", "both", edits, "one UPDATE; Maat adds nothing to a normal request"));

        Receipt[] deleted = new Receipt[n];
        long[] maatDelete = new long[n];
        long[] manualDelete = new long[n];
        for (int i = 0; i < n; i++) {
            String email = data.email(plan.ofKind(MAAT_DELETE, i));
            long t0 = System.nanoTime();
            deleted[i] = maat.apply(delete, email, PrincipalProof.none());
            maatDelete[i] = System.nanoTime() - t0;
            String other = data.email(plan.ofKind(MANUAL_DELETE, i));
            long t1 = System.nanoTime();
            int rows = app.deleteAccount(other);
            manualDelete[i] = System.nanoTime() - t1;
            expect(rows == data.answersPerUser() + 1, "a manual delete removed " + rows + " rows");
            expect(answers(sqlConn, email) == 0, "Maat's delete left answers of " + email);
        }
        out.add(timed("delete account", Timed.MAAT, maatDelete, rowsNote()));
        out.add(timed("delete account", Timed.MANUAL, manualDelete, rowsNote()));

        Receipt[] anonymized = new Receipt[n];
        long[] maatAnonymize = new long[n];
        long[] manualAnonymize = new long[n];
        for (int i = 0; i < n; i++) {
            String email = data.email(plan.ofKind(MAAT_ANONYMIZE, i));
            long t0 = System.nanoTime();
            anonymized[i] = maat.apply(anonymize, email, PrincipalProof.none());
            maatAnonymize[i] = System.nanoTime() - t0;
            long t1 = System.nanoTime();
            app.anonymizeAccount(data.email(plan.ofKind(MANUAL_ANONYMIZE, i)), random);
            manualAnonymize[i] = System.nanoTime() - t1;
        }
        out.add(timed("anonymize account", Timed.MAAT, maatAnonymize, rowsNote()));
        out.add(timed("anonymize account", Timed.MANUAL, manualAnonymize, rowsNote()));

        long[] editAnonymized = new long[n];
        for (int i = 0; i < n; i++) {
            int user = plan.ofKind(MAAT_ANONYMIZE, i);
            // The client knows its own answers; the bench finds the pseudoprincipal they now carry by the
            // generated text of one of them (untimed), as the client's page would list them.
            String pseudoprincipal = ownerOf(sqlConn, data.answer(user, 1, 1));
            PrincipalProof proof = new PrincipalProof(anonymizeKeys[i], List.of(anonymized[i].locator()));
            String answer = WebSubmitData.editedAnswer(random);
            long t0 = System.nanoTime();
            maat.editAs(proof, "ANSWERS", Map.of("EMAIL", pseudoprincipal, "LEC", "1", "Q", "1"), "ANSWER", answer);
            editAnonymized[i] = System.nanoTime() - t0;
        }
        out.add(timed("edit anonymized answer", Timed.MAAT, editAnonymized, "editAs with the speaks-for proof"));

        long[] restoreDeleted = new long[n];
        long[] restoreAnonymized = new long[n];
        for (int i = 0; i < n; i++) {
            long t0 = System.nanoTime();
            maat.reveal(deleted[i].locator(), deleteKeys[i]);
            restoreDeleted[i] = System.nanoTime() - t0;
            long t1 = System.nanoTime();
            maat.reveal(anonymized[i].locator(), anonymizeKeys[i]);
            restoreAnonymized[i] = System.nanoTime() - t1;
            for (int kind : new int[] {MAAT_DELETE, MAAT_ANONYMIZE}) {
                String email = data.email(plan.ofKind(kind, i));
                expect(answers(sqlConn, email) == data.answersPerUser(), "restored " + email + " has "
                        + answers(sqlConn, email) + " answers, not " + data.answersPerUser());
            }
        }
        out.add(timed("restore deleted account", Timed.MAAT, restoreDeleted, rowsNote()));
        out.add(timed("restore anonymized account", Timed.MAAT, restoreAnonymized, rowsNote()));
        return out;
    }

    private PrivateKey[] register(JdbcDisguises maat, int kind, int n) {
        PrivateKey[] keys = new PrivateKey[n];
        for (int i = 0; i < n; i++) {
            keys[i] = PrincipalKeys.generate();
            maat.register(data.email(plan.ofKind(kind, i)), keys[i].publicKey());
        }
        return keys;
    }

    private String rowsNote() {
        return "1 user row + " + data.answersPerUser() + " answers";
    }

    private Timed timed(String operation, String variant, long[] nanos, String note) {
        return new Timed("WebSubmit", operation, variant,
                Latencies.of(Arrays.copyOfRange(nanos, warmUp, nanos.length)), note);
    }

    private static int answers(Connection conn, String email) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("SELECT COUNT(*) FROM ANSWERS WHERE EMAIL = ?")) {
            ps.setString(1, email);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                int n = rs.getInt(1);
                conn.commit();
                return n;
            }
        }
    }

    private static String ownerOf(Connection conn, Object[] answerRow) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(
                "SELECT EMAIL FROM ANSWERS WHERE LEC = ? AND Q = ? AND ANSWER = ?")) {
            ps.setObject(1, answerRow[1]);
            ps.setObject(2, answerRow[2]);
            ps.setObject(3, answerRow[3]);
            try (ResultSet rs = ps.executeQuery()) {
                expect(rs.next(), "no anonymized answer found");
                String owner = rs.getString(1);
                conn.commit();
                return owner;
            }
        }
    }

    private static void expect(boolean holds, String otherwise) {
        if (!holds) {
            throw new IllegalStateException("benchmark check failed: " + otherwise);
        }
    }
}
