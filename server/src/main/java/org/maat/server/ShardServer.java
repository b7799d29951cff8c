package org.maat.server;

import java.io.ByteArrayInputStream;
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
import org.maat.core.search.QueryTooExpensiveException;
import org.maat.core.shard.ShardProtocol;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardRefusedException;
import org.maat.core.shard.ShardRequestAuth;
import org.maat.core.shard.ShardSecret;
import org.maat.core.shard.ShardResult;
import org.maat.core.shard.ShardSearcher;
import org.maat.core.task.Incidents;
import org.maat.core.task.TaskBoundary;
import org.maat.core.task.TaskFailedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One shard served over HTTP by an embedded Jetty: {@code POST /shard/search} as
 * {@link ShardProtocol} defines it, answered by a {@link ShardSearcher} (a
 * {@link org.maat.core.shard.ShardService} in practice), for its front-end only: a request must be
 * signed with the deployment's {@link ShardSecret} ({@link ShardRequestAuth}); without a credential
 * it is answered 401, with a wrong, stale or replayed one 403 ({@code forbidden}), and no search runs.
 * Every error is the JSON body {@code {"error","message"}}, Jetty's own included
 * ({@link JsonErrorHandler}): 400 for a malformed request or a too expensive query, 403 ({@code refused})
 * with the monitor's explanation for a refusal, 404/405 for other paths and methods, 500 for a
 * failure, 503 for a timeout or when overloaded. The body of any answer to a search is text this server
 * wrote, never a search task's: a task's exception reaches it only as its {@link TaskBoundary}'s runtime
 * text, and any other failure is an incident id (logged here with its stack trace). Overload: at most
 * {@link #DEFAULT_ACTIVE} searches run at once and at most {@link #DEFAULT_WAITING} wait, each for at
 * most {@link #DEFAULT_MAX_WAIT}; a request beyond that is answered 503 at once, so a burst sheds
 * load instead of queueing without bound (the front-end's client then tries the shard's next replica).
 *
 * <p>Resources: at most {@link #DEFAULT_THREADS} request threads; threads idle for
 * {@link #THREAD_IDLE_TIMEOUT} end, all at once, so a burst's threads are gone seconds after it.
 * Requests travel unencrypted: bind the server to loopback or an internal address. Started by
 * {@link #start}, stopped by {@link #close}.
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
    /** How long a request thread may idle before it ends. */
    public static final Duration THREAD_IDLE_TIMEOUT = Duration.ofSeconds(2);

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
    public static ShardServer start(ShardSearcher shard, ShardSecret secret, String host, int port, String name)
            throws IOException {
        return start(shard, secret, host, port, name, DEFAULT_ACTIVE, DEFAULT_WAITING, DEFAULT_MAX_WAIT);
    }

    /** As {@link #start(ShardSearcher, ShardSecret, String, int, String)}, with the overload limits given. */
    public static ShardServer start(ShardSearcher shard, ShardSecret secret, String host, int port, String name,
                                    int active, int waiting, Duration maxWait) throws IOException {
        Objects.requireNonNull(shard, "shard");
        ShardRequestAuth auth = new ShardRequestAuth(secret);
        QueuedThreadPool threads = new QueuedThreadPool(DEFAULT_THREADS, 2, (int) THREAD_IDLE_TIMEOUT.toMillis());
        threads.setMaxEvictCount(DEFAULT_THREADS);
        threads.setName(name);
        threads.setDaemon(true);
        Server jetty = new Server(threads);
        jetty.setStopAtShutdown(false);
        jetty.setErrorHandler(new JsonErrorHandler());
        ServerConnector connector = new ServerConnector(jetty, 1, 1);
        connector.setHost(host);
        connector.setPort(port);
        jetty.addConnector(connector);
        QoSHandler limits = new QoSHandler(new SearchHandler(shard, auth, name));
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
        private final ShardRequestAuth auth;
        private final String name;

        SearchHandler(ShardSearcher shard, ShardRequestAuth auth, String name) {
            super(InvocationType.BLOCKING);
            this.shard = shard;
            this.auth = auth;
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
            String credential = request.getHeaders().get(ShardRequestAuth.HEADER);
            try {
                // Without a credential, refused before the body is read.
                byte[] body = credential == null ? new byte[0]
                        : Request.asInputStream(request).readNBytes(ShardProtocol.MAX_REQUEST_BYTES + 1);
                if (body.length > ShardProtocol.MAX_REQUEST_BYTES) {
                    throw new IllegalArgumentException("the request body is longer than "
                            + ShardProtocol.MAX_REQUEST_BYTES + " bytes");
                }
                ShardRequestAuth.Verdict verdict = auth.verify(request.getMethod(), ShardProtocol.SEARCH_PATH, body, credential);
                if (!verdict.accepted()) {
                    return refuse(request, response, callback, verdict);
                }
                ShardQuery query = ShardProtocol.readQuery(new ByteArrayInputStream(body));
                return search(query, response, callback);
            } catch (IllegalArgumentException e) {
                // The request itself is malformed (read above, before any search ran): its reader's words.
                return answer(response, callback, HttpStatus.BAD_REQUEST_400,
                        ShardProtocol.writeError(ShardProtocol.BAD_REQUEST, e.getMessage()));
            } catch (IOException e) {
                LOG.warn("{}: could not read a request: {}", name, e.toString());
                return answer(response, callback, HttpStatus.BAD_REQUEST_400,
                        ShardProtocol.writeError(ShardProtocol.BAD_REQUEST, "the request body could not be read"));
            }
        }

        /**
         * Runs the search and answers it. Every error body here is the runtime's text, never a search task's:
         * a task's failure reaches this server only as its {@link TaskBoundary}'s runtime text, a refusal as
         * the monitor's explanation (written by the monitor from labels: ids, rules, owners), a too expensive
         * or timed-out query as the runtime's words; anything else is answered with an incident id whose
         * details are in this server's log.
         */
        private boolean search(ShardQuery query, Response response, Callback callback) {
            try {
                ShardResult result = shard.search(query);
                return answer(response, callback, HttpStatus.OK_200, ShardProtocol.writeResult(result));
            } catch (QueryTooExpensiveException e) {
                return answer(response, callback, HttpStatus.BAD_REQUEST_400,
                        ShardProtocol.writeError(ShardProtocol.BAD_REQUEST, e.getMessage()));
            } catch (ShardRefusedException e) {
                return answer(response, callback, HttpStatus.FORBIDDEN_403,
                        ShardProtocol.writeError(ShardProtocol.REFUSED, e.getMessage()));
            } catch (QueryTimedOutException e) {
                return answer(response, callback, HttpStatus.SERVICE_UNAVAILABLE_503,
                        ShardProtocol.writeError(ShardProtocol.TIMED_OUT, e.getMessage()));
            } catch (TaskFailedException e) {
                return answer(response, callback, HttpStatus.INTERNAL_SERVER_ERROR_500,
                        ShardProtocol.writeError(ShardProtocol.FAILED, name + ": " + e.getMessage()));
            } catch (IllegalArgumentException e) {
                String incident = incident();
                LOG.warn("{}: rejected a search (incident {}): {}", name, incident, e.toString());
                return answer(response, callback, HttpStatus.BAD_REQUEST_400, ShardProtocol.writeError(
                        ShardProtocol.BAD_REQUEST, name + ": the shard could not run this query (incident " + incident + ")"));
            } catch (IOException | RuntimeException e) {
                String incident = incident();
                LOG.error("{}: search failed (incident {})", name, incident, e);
                return answer(response, callback, HttpStatus.INTERNAL_SERVER_ERROR_500, ShardProtocol.writeError(
                        ShardProtocol.FAILED, name + ": the search failed (incident " + incident + ")"));
            }
        }

        private static String incident() {
            return Incidents.next();
        }

        private boolean refuse(Request request, Response response, Callback callback, ShardRequestAuth.Verdict verdict) {
            LOG.warn("{}: refused a request from {}: {}", name, Request.getRemoteAddr(request), verdict.reason());
            boolean missing = verdict.kind() == ShardRequestAuth.Verdict.Kind.MISSING;
            if (missing) {
                response.getHeaders().put(HttpHeader.WWW_AUTHENTICATE, ShardRequestAuth.SCHEME);
            }
            return answer(response, callback, missing ? HttpStatus.UNAUTHORIZED_401 : HttpStatus.FORBIDDEN_403,
                    ShardProtocol.writeError(missing ? ShardRequestAuth.UNAUTHENTICATED : ShardRequestAuth.FORBIDDEN,
                            verdict.reason()));
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
