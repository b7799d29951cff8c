package org.maat.server;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.eclipse.jetty.ee10.annotations.AnnotationConfiguration;
import org.eclipse.jetty.ee10.webapp.MetaInfConfiguration;
import org.eclipse.jetty.ee10.webapp.WebAppContext;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.ClassMatcher;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.maat.frontend.config.FrontendConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The front-end (search, the ERP pages, or both: see {@link FrontendConfig.Settings}): the WAR file deployed
 * unchanged into an embedded Jetty 12 (ee10) through a {@link WebAppContext} at context path
 * {@code /}, with servlet annotations scanned and the {@link FrontendConfig.Settings} as its context init
 * parameters. The WAR is unpacked into a fresh temporary
 * directory that Jetty removes at stop. Started by {@link #start}, stopped by {@link #close}; if the
 * web application fails to start, {@link #start} fails with its error and nothing keeps running.
 *
 * <p>Overload: the WAR admits {@code maat.maxConcurrent} requests at once and lets {@code maat.maxQueued} (by
 * default as many) more wait
 * up to {@code maat.maxWaitMillis} (then 503 JSON). Jetty's pool has threads for all of those plus
 * {@link #SPARE_THREADS}, so a request beyond them still reaches the WAR's admission at once and is
 * shed there, instead of queueing inside Jetty unseen. Threads idle for {@link #THREAD_IDLE_TIMEOUT}
 * end, all at once. Errors Jetty answers itself are JSON ({@link JsonErrorHandler}).
 */
public final class FrontendServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(FrontendServer.class);

    /** Threads beyond the admitted and waiting requests: for Jetty's own work and for answering 503 at once. */
    static final int SPARE_THREADS = 16;
    /** How long a request thread may idle before it ends. */
    static final Duration THREAD_IDLE_TIMEOUT = Duration.ofSeconds(2);

    private final Server jetty;
    private final ServerConnector connector;
    private final WebAppContext webapp;

    private FrontendServer(Server jetty, ServerConnector connector, WebAppContext webapp) {
        this.jetty = jetty;
        this.connector = connector;
        this.webapp = webapp;
    }

    /** Deploys {@code war} on {@code host}:{@code port} ({@code port} 0: a free port). */
    public static FrontendServer start(Path war, FrontendConfig.Settings config, String host, int port)
            throws IOException {
        Objects.requireNonNull(config, "config");
        if (!Files.isRegularFile(war)) {
            throw new IOException("no front-end WAR at " + war.toAbsolutePath()
                    + " (build it: ./mvnw -q -B -DskipTests package)");
        }
        // Explicit, so that the pool below matches what the WAR admits.
        int admitted = config.admitted();
        int queued = config.maxQueued().orElse(admitted);
        int poolSize = admitted + queued + SPARE_THREADS;
        QueuedThreadPool threads = new QueuedThreadPool(poolSize, 4, (int) THREAD_IDLE_TIMEOUT.toMillis());
        threads.setMaxEvictCount(poolSize);
        threads.setName("front-end");
        threads.setDaemon(true);
        Server jetty = new Server(threads);
        jetty.setStopAtShutdown(false);
        jetty.setErrorHandler(new JsonErrorHandler());
        ServerConnector connector = new ServerConnector(jetty);
        connector.setHost(host);
        connector.setPort(port);
        jetty.addConnector(connector);

        WebAppContext webapp = new WebAppContext();
        webapp.setContextPath("/");
        webapp.setWar(war.toAbsolutePath().toString());
        webapp.setExtractWAR(true);
        webapp.addConfiguration(new AnnotationConfiguration());
        // Servlets are the WAR's own classes; its library jars hold none, and scanning them (Lucene,
        // H2, ...) would only slow the start.
        webapp.setAttribute(MetaInfConfiguration.WEBINF_JAR_PATTERN, ".*/maat-[^/]*\\.jar$");
        // The WAR carries slf4j-api for its own use; here it logs through the container's SLF4J instead,
        // else its API (from the WAR) and the container's provider (from the class path) would not match.
        webapp.addProtectedClassMatcher(new ClassMatcher("org.slf4j."));
        // Likewise the key sources: the WAR carries maat-keys but not the providers the launcher has (the
        // vault's, which brings its own Jetty), and a provider must implement the one KeySourceProvider
        // class that KeySources looks up, so both come from the container's class path.
        webapp.addProtectedClassMatcher(new ClassMatcher("org.maat.keys."));
        // A failed deployment must fail the start, not leave a server answering 503.
        webapp.setThrowUnavailableOnStartupException(true);
        config.withMaxConcurrent(admitted).withMaxQueued(queued).initParameters()
                .forEach(webapp::setInitParameter);
        jetty.setHandler(new SecurityHeadersHandler(webapp));
        try {
            jetty.start();
        } catch (Exception e) {
            stopQuietly(jetty);
            Throwable cause = e.getCause() != null && e.getMessage() == null ? e.getCause() : e;
            throw new IOException("the front-end " + war.getFileName() + " did not start: " + cause.getMessage(), e);
        }
        FrontendServer server = new FrontendServer(jetty, connector, webapp);
        LOG.info("front-end serving on {}", server.url());
        return server;
    }

    /** The front-end's URL, ending in {@code /}. */
    public URI url() {
        return URI.create(ConnectorUrl.of(connector) + "/");
    }

    /**
     * Every servlet the deployed web application registered (annotations and web.xml, the container's own
     * included), by name, with its URL patterns: what a request can reach, as the container sees it.
     */
    public Map<String, List<String>> servletMappings() {
        Map<String, List<String>> mappings = new TreeMap<>();
        webapp.getServletContext().getServletRegistrations().forEach((name, registration) ->
                mappings.put(name, List.copyOf(registration.getMappings())));
        return mappings;
    }

    @Override
    public void close() {
        stopQuietly(jetty);
    }

    private static void stopQuietly(Server jetty) {
        try {
            jetty.stop();
        } catch (Exception e) {
            LOG.warn("stopping the front-end failed: {}", e.toString());
        }
    }
}
