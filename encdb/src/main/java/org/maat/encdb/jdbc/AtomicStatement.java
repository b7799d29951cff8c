package org.maat.encdb.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;

/**
 * Runs a write the driver carries out as several physical statements (row by row, or a query and then
 * a batch) as one statement, as H2 runs the application's: all of it or nothing.
 *
 * <p>Guaranteed: under auto-commit the work runs in a transaction of its own, committed when it
 * completes and rolled back when anything in it fails (an H2 error, a trigger's exception, a runtime
 * exception), and auto-commit is on again afterwards; other connections never see part of it. Inside
 * the application's transaction it runs from a savepoint and, on failure, is rolled back to it: the
 * transaction's earlier work stays, as after a failed statement in plain H2. The failure is rethrown
 * unchanged. Not guaranteed: a trigger that commits or rolls back the connection itself breaks the
 * statement's bracket, as it would in H2.
 */
final class AtomicStatement {

    /** Work that may fail with an SQLException. */
    @FunctionalInterface
    interface Work<T> {
        T run() throws SQLException;
    }

    private final MaatConnection owner;
    private final Connection h2;

    AtomicStatement(MaatConnection owner, Connection h2) {
        this.owner = owner;
        this.h2 = h2;
    }

    <T> T run(Work<T> work) throws SQLException {
        return h2.getAutoCommit() ? inOwnTransaction(work) : fromSavepoint(work);
    }

    // Through the MaatConnection, not H2's: a trigger's writes inside take a gate lease, which its
    // commit and rollback give back.
    private <T> T inOwnTransaction(Work<T> work) throws SQLException {
        owner.setAutoCommit(false);
        try {
            T result = work.run();
            owner.commit();
            return result;
        } catch (SQLException | RuntimeException | Error e) {
            undo(e, owner::rollback);
            throw e;
        } finally {
            owner.setAutoCommit(true);
        }
    }

    private <T> T fromSavepoint(Work<T> work) throws SQLException {
        Savepoint start = h2.setSavepoint();
        try {
            T result = work.run();
            h2.releaseSavepoint(start);
            return result;
        } catch (SQLException | RuntimeException | Error e) {
            undo(e, () -> h2.rollback(start));
            throw e;
        }
    }

    @FunctionalInterface
    private interface Undo {
        void run() throws SQLException;
    }

    private static void undo(Throwable cause, Undo undo) {
        try {
            undo.run();
        } catch (SQLException | RuntimeException e) {
            cause.addSuppressed(e);
        }
    }
}
