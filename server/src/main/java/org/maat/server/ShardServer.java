package org.maat.server;

import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Objects;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.QoSHandler;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.maat.core.search.QueryTimedOutException;
import org.maat.core.shard.ShardProtocol;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardRefusedException;
import org.maat.core.shard.ShardResult;
import org.maat.core.shard.ShardSearcher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One shard served over HTTP by an embedded Jetty: {@code POST /shard/search} as
 * {@link ShardProtocol} defines it, answered by a {@link ShardSearcher} (a
 * {@link org.maat.core.shard.ShardService} in practice). Every error is a JSON body with a message:
 * 400 for a malformed request, 403 with the monitor's explanation for a refusal, 404/405 for other
 * paths and methods, 500 for a failure (logged here, with its stack trace; the response never
 * carries one), 503 when overloaded: at most {@link #DEFAULT_ACTIVE} searches run at once and at
 * most {@link #DEFAULT_WAITING} wait, each for at most {@link #DEFAULT_MAX_WAIT}; a request beyond
 * that is answered 503 at once, so a burst sheds load instead of queueing without bound (the
 * front-end's client then tries the shard's next replica).
 *
 * <p>The server trusts the user and region a request names (the front-end authenticated them):
 * bind it to loopback or an internal address. Started by {@link #start}, stopped by {@link #close}.
 */
public final class ShardServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ShardServer.class);

    /** Request threads per shard server: searches are CPU-bound, so a few per core suffice. */
    public static final int DEFAULT_THREADS = 16;
    /** Searches running at once: more than the cores only adds context switches. */
    public static final int DEFAULT_ACTIVE = 8;
    /** Searches waiting for a slot before new ones get 503. */
    public static final int DEFAULT_WAITING = 64;
    /** How long a search may wait for a slot before it gets 503. */
    public static final Duration DEFAULT_MAX_WAIT = Duration.ofSeconds(2);

    private final Server jetty;
    private final ServerConnector connector;
    private final String name;

    private ShardServer(Server jetty, ServerConnector connector, String name) {
        this.jetty = jetty;
        this.connector = connector;
        this.name = name;
    }

    /**
     * Starts serving {@code shard} on {@code host}:{@code port} ({@code port} 0: a free port).
     *
     * @param name names the server in logs and its threads, e.g. {@code shard-0}
     */
    public static ShardServer start(ShardSearcher shard, String host, int port, String name) throws IOException {
        return start(shard, host, port, name, DEFAULT_ACTIVE, DEFAULT_WAITING, DEFAULT_MAX_WAIT);
    }

    /** As {@link #start(ShardSearcher, String, int, String)}, with the overload limits given. */
    public static ShardServer start(ShardSearcher shard, String host, int port, String name,
                                    int active, int waiting, Duration maxWait) throws IOException {
        Objects.requireNonNull(shard, "shard");
        QueuedThreadPool threads = new QueuedThreadPool(DEFAULT_THREADS, 2);
        threads.setName(name);
        threads.setDaemon(true);
        Server jetty = new Server(threads);
        jetty.setStopAtShutdown(false);
        ServerConnector connector = new ServerConnector(jetty, 1, 1);
        connector.setHost(host);
        connector.setPort(port);
        jetty.addConnector(connector);
        QoSHandler limits = new QoSHandler(new SearchHandler(shard, name));
        limits.setMaxRequestCount(active);
        limits.setMaxSuspendedRequestCount(waiting);
        limits.setMaxSuspend(maxWait);
        jetty.setHandler(limits);
        try {
            jetty.start();
        } catch (Exception e) {
            stopQuietly(jetty);
            throw new IOException(name + ": cannot serve on " + host + ":" + port + ": " + e.getMessage(), e);
        }
        ShardServer server = new ShardServer(jetty, connector, name);
        LOG.info("{} serving on {}", name, server.url());
        return server;
    }

    /** The base URL of this shard, as a topology lists it. */
    public URI url() {
        return ConnectorUrl.of(connector);
    }

    public String name() {
        return name;
    }

    /** Blocks until the server stops. */
    public void join() throws InterruptedException {
        jetty.join();
    }

    @Override
    public void close() {
        stopQuietly(jetty);
    }

    private static void stopQuietly(Server jetty) {
        try {
            jetty.stop();
        } catch (Exception e) {
            LOG.warn("stopping a shard server failed: {}", e.toString());
        }
    }

    /** The protocol's one endpoint. */
    private static final class SearchHandler extends Handler.Abstract {
        private final ShardSearcher shard;
        private final String name;

        SearchHandler(ShardSearcher shard, String name) {
            super(InvocationType.BLOCKING);
            this.shard = shard;
            this.name = name;
        }

        @Override
        public boolean handle(Request request, Response response, Callback callback) {
            if (!ShardProtocol.SEARCH_PATH.equals(Request.getPathInContext(request))) {
                return answer(response, callback, HttpStatus.NOT_FOUND_404, ShardProtocol.writeError("not-found",
                        "a shard server answers only POST " + ShardProtocol.SEARCH_PATH));
            }
            if (!"POST".equals(request.getMethod())) {
                response.getHeaders().put(HttpHeader.ALLOW, "POST");
                return answer(response, callback, HttpStatus.METHOD_NOT_ALLOWED_405,
                        ShardProtocol.writeError("method-not-allowed", ShardProtocol.SEARCH_PATH + " takes POST"));
            }
            try {
                ShardQuery query = ShardProtocol.readQuery(Request.asInputStream(request));
                ShardResult result = shard.search(query);
                return answer(response, callback, HttpStatus.OK_200, ShardProtocol.writeResult(result));
            } catch (IllegalArgumentException e) {
                return answer(response, callback, HttpStatus.BAD_REQUEST_400,
                        ShardProtocol.writeError(ShardProtocol.BAD_REQUEST, e.getMessage()));
            } catch (ShardRefusedException e) {
                return answer(response, callback, HttpStatus.FORBIDDEN_403,
                        ShardProtocol.writeError(ShardProtocol.REFUSED, e.getMessage()));
            } catch (QueryTimedOutException e) {
                return answer(response, callback, HttpStatus.SERVICE_UNAVAILABLE_503,
                        ShardProtocol.writeError(ShardProtocol.TIMED_OUT, e.getMessage()));
            } catch (IOException | RuntimeException e) {
                LOG.error("{}: search failed", name, e);
                return answer(response, callback, HttpStatus.INTERNAL_SERVER_ERROR_500,
                        ShardProtocol.writeError(ShardProtocol.FAILED, name + " failed: " + e.getClass().getSimpleName()
                                + (e.getMessage() == null ? "" : ": " + e.getMessage())));
            }
        }

        private static boolean answer(Response response, Callback callback, int status, byte[] body) {
            response.setStatus(status);
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, ShardProtocol.CONTENT_TYPE);
            response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
            response.write(true, ByteBuffer.wrap(body), callback);
            return true;
        }
    }
}
