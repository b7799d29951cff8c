package org.maat.bench.websubmit;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.HexFormat;
import java.util.SplittableRandom;

/**
 * The WebSubmit application's own requests as plain SQL on one connection, each one transaction:
 * the normal ones (create an account, edit an answer) and the manual, irreversible versions of the
 * privacy transformations that the built-in disguises {@code websubmit-delete-account} and
 * {@code websubmit-anonymize-account} make reversible (Edna's baseline: what a developer writes
 * without disguises). The manual anonymization does what the spec does (answers re-pointed at one new
 * anonymous user, the user row removed) and keeps nothing to undo it with.
 */
public final class WebSubmitSql {

    private final Connection conn;

    /** Takes over {@code conn}'s transactions (auto-commit off). */
    public WebSubmitSql(Connection conn) throws SQLException {
        this.conn = conn;
        conn.setAutoCommit(false);
    }

    /** Creates an account with no answers yet. */
    public void createAccount(String email, SplittableRandom random) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(
                "INSERT INTO USERS (EMAIL, APIKEY, IS_ADMIN, IS_ANON) VALUES (?, ?, 0, 0)")) {
            ps.setString(1, email);
            ps.setString(2, apiKey(random));
            ps.executeUpdate();
        }
        conn.commit();
    }

    /** Replaces the answer of {@code email} to question {@code q} of lecture {@code lecture}; returns rows changed. */
    public int editAnswer(String email, int lecture, int q, String answer) throws SQLException {
        int n;
        try (PreparedStatement ps = conn.prepareStatement(
                "UPDATE ANSWERS SET ANSWER = ?, SUBMITTED_AT = ? WHERE EMAIL = ? AND LEC = ? AND Q = ?")) {
            ps.setString(1, answer);
            ps.setTimestamp(2, Timestamp.from(Instant.now()));
            ps.setString(3, email);
            ps.setInt(4, lecture);
            ps.setInt(5, q);
            n = ps.executeUpdate();
        }
        conn.commit();
        return n;
    }

    /** Deletes the account and its answers for good; returns the rows deleted. */
    public int deleteAccount(String email) throws SQLException {
        int n = update("DELETE FROM ANSWERS WHERE EMAIL = ?", email);
        n += update("DELETE FROM USERS WHERE EMAIL = ?", email);
        conn.commit();
        return n;
    }

    /**
     * Inserts generated user {@code user} of {@code data} again with all its answers (batched): what an
     * application without disguises could do at best to bring a deleted account back, from a backup.
     */
    public void recreateAccount(WebSubmitData data, int user) throws SQLException {
        Object[] row = data.user(user);
        try (PreparedStatement ps = conn.prepareStatement(
                "INSERT INTO USERS (EMAIL, APIKEY, IS_ADMIN, IS_ANON) VALUES (?, ?, ?, ?)")) {
            for (int i = 0; i < row.length; i++) {
                ps.setObject(i + 1, row[i]);
            }
            ps.executeUpdate();
        }
        try (PreparedStatement ps = conn.prepareStatement(
                "INSERT INTO ANSWERS (EMAIL, LEC, Q, ANSWER, SUBMITTED_AT) VALUES (?, ?, ?, ?, ?)")) {
            for (int l = 1; l <= data.lectures(); l++) {
                for (int q = 1; q <= data.questions(); q++) {
                    Object[] answer = data.answer(user, l, q);
                    for (int i = 0; i < answer.length; i++) {
                        ps.setObject(i + 1, answer[i]);
                    }
                    ps.addBatch();
                }
            }
            ps.executeBatch();
        }
        conn.commit();
    }

    /**
     * Re-points the account's answers at a new anonymous user and deletes the account, for good;
     * returns the rows changed.
     */
    public int anonymizeAccount(String email, SplittableRandom random) throws SQLException {
        String anonymous = "anon-" + HexFormat.of().toHexDigits(random.nextLong()) + "@websubmit.example";
        try (PreparedStatement ps = conn.prepareStatement(
                "INSERT INTO USERS (EMAIL, APIKEY, IS_ADMIN, IS_ANON) VALUES (?, ?, 0, 1)")) {
            ps.setString(1, anonymous);
            ps.setString(2, apiKey(random));
            ps.executeUpdate();
        }
        int n;
        try (PreparedStatement ps = conn.prepareStatement("UPDATE ANSWERS SET EMAIL = ? WHERE EMAIL = ?")) {
            ps.setString(1, anonymous);
            ps.setString(2, email);
            n = ps.executeUpdate();
        }
        n += update("DELETE FROM USERS WHERE EMAIL = ?", email);
        conn.commit();
        return n + 1;
    }

    private int update(String sql, String email) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(sql)) {
            ps.setString(1, email);
            return ps.executeUpdate();
        }
    }

    private static String apiKey(SplittableRandom random) {
        return HexFormat.of().toHexDigits(random.nextLong()) + HexFormat.of().toHexDigits(random.nextLong());
    }
}
