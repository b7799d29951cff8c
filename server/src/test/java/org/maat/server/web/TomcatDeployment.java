package org.maat.server.web;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.LifecycleState;
import org.apache.catalina.Manager;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.servlets.DefaultServlet;
import org.apache.catalina.session.StandardManager;
import org.apache.catalina.startup.Constants;
import org.apache.catalina.startup.ContextConfig;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.scan.StandardJarScanner;
import org.maat.core.data.DataDir;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardSecret;
import org.maat.core.shard.ShardTopology;
import org.maat.core.task.Monitoring;
import org.maat.frontend.config.FrontendConfig;
import org.maat.server.ShardServer;
import org.maat.server.Topology;

/**
 * The built front-end WAR deployed unchanged into an embedded Tomcat (the "Jetty 12 or
 * Tomcat 10.1+"), in front of in-process {@link ShardServer}s, all on 127.0.0.1 free ports. The
 * WAR is deployed as a stock Tomcat deploys one: {@code ContextConfig} reads its {@code web.xml} and
 * scans its classes for servlet annotations, the {@link FrontendConfig.Settings} becomes its context
 * parameters, and a {@link DefaultServlet} answers unmapped paths (Tomcat's {@code conf/web.xml}).
 *
 * <p>Tomcat writes only under its base directory, a fresh directory under {@code target/tomcat/}
 * (the unpacked WAR in {@code webapps/}, {@code work/}), removed at {@link #close}; sessions are
 * never persisted to disk, and
 * expired sessions are swept every second so a test sees expiry in seconds, not minutes.
 */
final class TomcatDeployment implements ServedSite.Running {

    private final Tomcat tomcat;
    private final Context context;
    private final Connector connector;
    private final List<ShardServer> shardServers;
    private final ShardIndex index;
    private final Path baseDir;

    private TomcatDeployment(Tomcat tomcat, Context context, Connector connector, List<ShardServer> shardServers,
                             ShardIndex index, Path baseDir) {
        this.tomcat = tomcat;
        this.context = context;
        this.connector = connector;
        this.shardServers = shardServers;
        this.index = index;
        this.baseDir = baseDir;
    }

    /** A {@link ServedSite.Launcher} deploying into Tomcat with its base directory under {@code target/tomcat/}. */
    static final ServedSite.Launcher LAUNCHER = (war, data, index, topology, config) -> {
        Path bases = Files.createDirectories(Path.of("target", "tomcat"));
        return start(war, data, index, topology, config, Files.createTempDirectory(bases, "base-"));
    };

    static TomcatDeployment start(Path war, DataDir data, IndexLayout layout, Topology topology,
                                  UnaryOperator<FrontendConfig.Settings> tune, Path baseDir) throws IOException {
        ShardIndex index = ShardIndex.open(data, layout, Monitoring.REFERENCE_MONITOR);
        List<ShardServer> servers = new ArrayList<>();
        Tomcat tomcat = null;
        ShardSecret secret = ShardSecret.generate();
        try {
            List<List<URI>> urls = new ArrayList<>();
            for (int s = 0; s < topology.shards(); s++) {
                List<URI> replicas = new ArrayList<>();
                for (int r = 0; r < topology.replicas(); r++) {
                    ShardServer server = ShardServer.start(index.shard(s), secret, "127.0.0.1", 0, "shard-" + s + "-" + r);
                    servers.add(server);
                    replicas.add(server.url());
                }
                urls.add(replicas);
            }
            Path secretFile = Files.createDirectories(baseDir).resolve("shard.secret");
            secret.writeNew(secretFile);
            FrontendConfig.Settings config = tune.apply(FrontendConfig.search(data.root(), new ShardTopology(urls).toString(), true)
                    .withShardSecretFile(secretFile));

            Path base = baseDir.toAbsolutePath();
            Files.createDirectories(base.resolve("webapps"));
            tomcat = new Tomcat();
            tomcat.setBaseDir(base.toString());
            tomcat.setSilent(true);
            Connector connector = new Connector("HTTP/1.1");
            connector.setProperty("address", "127.0.0.1");
            connector.setPort(0);
            tomcat.setConnector(connector);
            tomcat.getHost().setAppBase(base.resolve("webapps").toString());
            tomcat.getEngine().setBackgroundProcessorDelay(1);

            // No default web.xml on disk (none is written); its one servlet that matters is added below.
            tomcat.setAddDefaultWebXmlToWebapp(false);
            ContextConfig contextConfig = new ContextConfig();
            contextConfig.setDefaultWebXml(Constants.NoDefaultWebXml);
            Context context = tomcat.addWebapp(tomcat.getHost(), "", war.toAbsolutePath().toString(), contextConfig);
            Wrapper defaultServlet = Tomcat.addServlet(context, "default", DefaultServlet.class.getName());
            defaultServlet.setLoadOnStartup(1);
            defaultServlet.setOverridable(true);
            context.addServletMappingDecoded("/", "default");
            config.initParameters().forEach(context::addParameter);
            StandardManager sessions = new StandardManager();
            sessions.setPathname(null); // sessions hold monitor tasks: never written to disk
            sessions.setProcessExpiresFrequency(1);
            context.setManager(sessions);
            // Only the WAR is scanned, as in a stock Tomcat: not this test JVM's class path (Jetty, Selenium, ...).
            ((StandardJarScanner) context.getJarScanner()).setScanClassPath(false);
            // Leak checks that need --add-opens, which Tomcat's start scripts pass and this test JVM does not.
            if (context instanceof StandardContext standard) {
                standard.setClearReferencesObjectStreamClassCaches(false);
                standard.setClearReferencesRmiTargets(false);
                standard.setClearReferencesThreadLocals(false);
            }

            tomcat.start();
            if (context.getState() != LifecycleState.STARTED) {
                throw new IOException("the front-end " + war.getFileName() + " did not start in Tomcat (state "
                        + context.getState() + "; see the log above)");
            }
            return new TomcatDeployment(tomcat, context, connector, servers, index, base);
        } catch (LifecycleException e) {
            stop(tomcat, servers, index);
            throw new IOException("Tomcat did not start: " + e.getMessage(), e);
        } catch (IOException | RuntimeException e) {
            stop(tomcat, servers, index);
            throw e;
        }
    }

    private static void stop(Tomcat tomcat, List<ShardServer> servers, ShardIndex index) throws IOException {
        stopQuietly(tomcat);
        servers.forEach(ShardServer::close);
        index.close();
    }

    @Override
    public URI url() {
        return URI.create("http://127.0.0.1:" + connector.getLocalPort() + "/");
    }

    /** The web application's sessions, as Tomcat keeps them. */
    Manager sessions() {
        return context.getManager();
    }

    @Override
    public void close() throws IOException {
        try {
            stopQuietly(tomcat);
            shardServers.forEach(ShardServer::close);
        } finally {
            index.close();
        }
        // The unpacked WAR and Tomcat's work files: tens of MB per run, of no use after it.
        try (Stream<Path> files = Files.walk(baseDir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static void stopQuietly(Tomcat tomcat) {
        if (tomcat == null) {
            return;
        }
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            System.err.println("stopping Tomcat failed: " + e);
        }
    }
}
