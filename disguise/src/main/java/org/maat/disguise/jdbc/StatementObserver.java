package org.maat.disguise.jdbc;

/**
 * Told before every statement a disguise runs. Production passes {@link #NONE}; the crash tests pass
 * one that pauses, so that a child JVM can be killed between two statements of one transaction.
 */
interface StatementObserver {

    StatementObserver NONE = sql -> { };

    void beforeStatement(String sql);
}
