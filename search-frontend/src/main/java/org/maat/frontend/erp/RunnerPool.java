package org.maat.frontend.erp;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Properties;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.maat.erp.ErpDatabase;
import org.maat.erp.QueryRunner;
import org.maat.frontend.app.RequestException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A bounded pool of connections to one ERP database, each with its {@link QueryRunner} (so each
 * query is prepared once per connection). At most {@code size} connections exist, opened when first
 * needed; one piece of work holds one connection; when all are busy a caller waits up to
 * {@code wait}, then gets 503. A connection whose work failed with a connection-level error
 * (SQLState class 08) is closed rather than reused. {@link #close} closes the idle connections at
 * once and each busy one when its work ends, after which H2 closes the database (its last
 * connection is gone). Thread-safe.
 */
final class RunnerPool implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RunnerPool.class);

    /** Work done with one pooled connection. */
    interface Work<T> {
        T run(QueryRunner runner) throws SQLException;
    }

    private record Pooled(Connection connection, QueryRunner runner) {
        void close() {
            try {
                runner.close();
            } catch (SQLException e) {
                LOG.warn("closing prepared statements: {}", e.getMessage());
            }
            try {
                connection.close();
            } catch (SQLException e) {
                LOG.warn("closing an ERP connection: {}", e.getMessage());
            }
        }
    }

    private final ErpDatabase database;
    private final Properties settings;
    private final int size;
    private final Duration wait;
    private final Semaphore slots;
    private final Deque<Pooled> idle = new ArrayDeque<>();
    private boolean closed;

    /**
     * @param settings H2 settings for every connection (see {@link ErpDatabase#connect(Properties)})
     */
    RunnerPool(ErpDatabase database, Properties settings, int size, Duration wait) {
        if (size < 1) {
            throw new IllegalArgumentException("an ERP connection pool needs at least 1 connection, not " + size);
        }
        this.database = database;
        this.settings = settings;
        this.size = size;
        this.wait = wait;
        this.slots = new Semaphore(size, true);
    }

    /**
     * Runs {@code work} with a connection of the pool.
     *
     * @throws RequestException 503 when no connection came free within the wait, or the pool is closed
     */
    <T> T with(Work<T> work) throws SQLException {
        try {
            if (!slots.tryAcquire(wait.toMillis(), TimeUnit.MILLISECONDS)) {
                throw RequestException.unavailable("all " + size + " ERP database connections stayed busy for "
                        + wait.toSeconds() + " s; retry shortly");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw RequestException.unavailable("the server is stopping");
        }
        Pooled pooled = null;
        boolean reusable = false;
        try {
            pooled = take();
            T result = work.run(pooled.runner());
            reusable = true;
            return result;
        } catch (SQLException e) {
            String state = e.getSQLState();
            reusable = state == null || !state.startsWith("08");
            throw e;
        } finally {
            if (pooled != null) {
                giveBack(pooled, reusable);
            }
            slots.release();
        }
    }

    private Pooled take() throws SQLException {
        synchronized (this) {
            if (closed) {
                throw RequestException.unavailable("the ERP pages are stopping");
            }
            Pooled p = idle.pollFirst();
            if (p != null) {
                return p;
            }
        }
        // Opened outside the lock: opening an encrypted database's first connection reads its catalog.
        Connection c = database.connect(settings);
        return new Pooled(c, new QueryRunner(c));
    }

    private void giveBack(Pooled pooled, boolean reusable) {
        synchronized (this) {
            if (reusable && !closed) {
                idle.addFirst(pooled);
                return;
            }
        }
        pooled.close();
    }

    /** Connections open and idle now (for tests and the index page). */
    synchronized int idle() {
        return idle.size();
    }

    @Override
    public void close() {
        Deque<Pooled> toClose;
        synchronized (this) {
            closed = true;
            toClose = new ArrayDeque<>(idle);
            idle.clear();
        }
        toClose.forEach(Pooled::close);
    }
}
