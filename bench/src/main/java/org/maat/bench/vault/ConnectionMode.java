package org.maat.bench.vault;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import javax.net.ssl.SSLContext;
import org.maat.bench.load.ClosedLoop;
import org.maat.bench.load.ClosedLoop.Outcome;

/**
 * How a series' clients use connections: one kept-alive connection per client, opened before the clock
 * starts ({@link #REUSE}), or a new TCP connection and full TLS handshake for every request, no session
 * resumed ({@link #FRESH}; see {@link ClientTls}).
 *
 * <p>Either way a request that gets another status than the series expects, or an I/O error, is a
 * counted failure (the first one's text is kept for the report) and the load goes on; a reused
 * connection that failed or that the server closed is replaced on the next request. Every client adds
 * the CPU time of its thread to {@link Sink#generatorCpuNanos} when it closes, so the report can say
 * what the load generator itself cost.
 */
enum ConnectionMode {

    REUSE("reused connection") {
        @Override
        ClosedLoop.Client client(Endpoint endpoint, HttpCall call, int expected, Sink sink) throws IOException {
            return new Reusing(endpoint, call.bytes(endpoint, true), expected, sink);
        }
    },
    FRESH("fresh handshake per request") {
        @Override
        ClosedLoop.Client client(Endpoint endpoint, HttpCall call, int expected, Sink sink) throws IOException {
            return new Fresh(endpoint, call.bytes(endpoint, false), expected, sink);
        }
    };

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final String description;

    ConnectionMode(String description) {
        this.description = description;
    }

    String description() {
        return description;
    }

    /** A client of one load thread, opened on that thread. */
    abstract ClosedLoop.Client client(Endpoint endpoint, HttpCall call, int expected, Sink sink) throws IOException;

    /** What the clients of a run report besides their outcomes. */
    static final class Sink {
        private final LongAdder generatorCpuNanos = new LongAdder();
        private final LongAdder connections = new LongAdder();
        private final LongAdder exchanges = new LongAdder();
        private final AtomicReference<String> firstFailure =
                new AtomicReference<>();

        long generatorCpuNanos() {
            return generatorCpuNanos.sum();
        }

        /** Connections opened (each with a handshake on TLS). */
        long connections() {
            return connections.sum();
        }

        /** Requests answered or failed, warm-ups included (the CPU figures cover them too). */
        long exchanges() {
            return exchanges.sum();
        }

        String firstFailure() {
            return firstFailure.get();
        }

        void failure(String what) {
            firstFailure.compareAndSet(null, what);
        }
    }

    private abstract static class Measured implements ClosedLoop.Client {
        final Endpoint endpoint;
        final byte[] request;
        final int expected;
        final Sink sink;
        final SSLContext context;
        private final long cpuAtOpen = THREADS.getCurrentThreadCpuTime();

        Measured(Endpoint endpoint, byte[] request, int expected, Sink sink) throws IOException {
            this.endpoint = endpoint;
            this.context = endpoint.newContext();
            this.request = request;
            this.expected = expected;
            this.sink = sink;
        }

        Http1Connection connect() throws IOException {
            sink.connections.increment();
            return endpoint.open(context);
        }

        Outcome judge(Http1Connection.Answer a) {
            sink.exchanges.increment();
            if (a.status() == expected) {
                return Outcome.answered();
            }
            sink.failure("status " + a.status() + ": " + abbreviate(a.text()));
            return Outcome.failed();
        }

        Outcome failed(IOException e) {
            sink.exchanges.increment();
            sink.failure(e.toString());
            return Outcome.failed();
        }

        @Override
        public void close() throws Exception {
            sink.generatorCpuNanos.add(THREADS.getCurrentThreadCpuTime() - cpuAtOpen);
        }

        private static String abbreviate(String s) {
            return s.length() <= 200 ? s : s.substring(0, 200) + "...";
        }
    }

    private static final class Reusing extends Measured {
        private Http1Connection connection;

        Reusing(Endpoint endpoint, byte[] request, int expected, Sink sink) throws IOException {
            super(endpoint, request, expected, sink);
            connection = connect();
        }

        @Override
        public Outcome send(long n) throws IOException {
            try {
                if (connection == null) {
                    connection = connect();
                }
                Http1Connection.Answer a = connection.exchange(request);
                if (!a.reusable()) {
                    drop();
                }
                return judge(a);
            } catch (IOException e) {
                drop();
                return failed(e);
            }
        }

        private void drop() throws IOException {
            if (connection != null) {
                connection.abort();
                connection = null;
            }
        }

        @Override
        public void close() throws Exception {
            try {
                if (connection != null) {
                    connection.close();
                }
            } finally {
                super.close();
            }
        }
    }

    private static final class Fresh extends Measured {

        Fresh(Endpoint endpoint, byte[] request, int expected, Sink sink) throws IOException {
            super(endpoint, request, expected, sink);
        }

        @Override
        public Outcome send(long n) throws IOException {
            Http1Connection c = null;
            try {
                c = connect();
                return judge(c.exchange(request));
            } catch (IOException e) {
                return failed(e);
            } finally {
                if (c != null) {
                    c.abort();
                }
                if (context != null) {
                    ClientTls.forgetSessions(context);
                }
            }
        }
    }
}
