package org.maat.frontend.web;

import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;
import jakarta.servlet.http.HttpSessionEvent;
import jakarta.servlet.http.HttpSessionListener;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Collections;
import org.maat.core.accounts.AccountRoles;
import org.maat.core.accounts.AccountStore;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.shard.FanOut;
import org.maat.core.shard.ShardClient;
import org.maat.core.shard.ShardSecret;
import org.maat.core.shard.ShardTopology;
import org.maat.core.task.Monitoring;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.search.SearchDisguises;
import org.maat.frontend.app.AccountDisguises;
import org.maat.frontend.app.Frontend;
import org.maat.frontend.app.RegionMap;
import org.maat.frontend.config.FrontendConfig;
import org.maat.frontend.erp.ErpFrontend;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts the front-end when the web application is deployed (reading {@link FrontendConfig} from the
 * context's init parameters, then system properties): search, the ERP pages, or both. Stops them when
 * undeployed (the ERP pages' connections closed before this application's JDBC drivers are
 * deregistered), and discards a session's monitor task when the session ends by logout or expiry. A
 * configuration error stops the deployment with a message naming the setting.
 */
@WebListener
public final class FrontendStartup implements ServletContextListener, HttpSessionListener {

    private static final Logger LOG = LoggerFactory.getLogger(FrontendStartup.class);

    @Override
    public void contextInitialized(ServletContextEvent event) {
        ServletContext servlet = event.getServletContext();
        FrontendConfig config = FrontendConfig.read(name -> {
            String value = servlet.getInitParameter(name);
            return value != null ? value : System.getProperty(name);
        });
        RegionMap regions;
        try {
            regions = config.regions() == null ? RegionMap.none() : RegionMap.read(config.regions());
        } catch (IOException e) {
            throw new UncheckedIOException("the Maat front-end cannot read maat.regions " + config.regions() + ": "
                    + e.getMessage(), e);
        }
        Search search = config.searches() ? openSearch(config) : null;
        Frontend frontend = search == null ? null : search.frontend();
        ErpFrontend erp;
        try {
            erp = config.erp() == null ? null : ErpFrontend.open(config.erp(), config.erpKeySource(),
                    config.erpConnections());
        } catch (SQLException | RuntimeException e) {
            closeQuietly(search);
            throw new IllegalStateException("the Maat front-end cannot open the ERP database " + config.erp() + ": "
                    + e.getMessage(), e);
        }
        SignIn signIn;
        try {
            signIn = signIn(config, search);
        } catch (RuntimeException e) {
            closeQuietly(search);
            if (erp != null) {
                erp.close();
            }
            throw e;
        }
        servlet.setAttribute(FrontendContext.ATTRIBUTE, new FrontendContext(frontend, erp,
                search == null ? null : search.disguises(),
                new WebSettings(regions, config.proxyHeader(), config.sessionMinutes()), new Pages(),
                new AdmissionGate(config.maxConcurrent(), config.maxQueued(), config.maxWaitMillis()), signIn));
        if (frontend != null) {
            LOG.info("Maat front-end serving {} over {} shard(s), policy {}", config.data(),
                    ShardTopology.parse(config.shards()).shardCount(), config.policy() ? "on" : "off (baseline)");
            if (search.disguises() != null) {
                LOG.info("Maat front-end offers account disguises over index {}", config.index());
            }
        }
        if (erp != null) {
            LOG.info("Maat ERP pages serving the {} database {} ({} employees, {} connections)", erp.backend(),
                    config.erp(), erp.database().employees(), config.erpConnections());
        }
    }

    /** Search and, when its index is served here, the account disguises over the same open data. */
    private record Search(Frontend frontend, AccountDisguises disguises, AccountStore accounts, DataDir dir) {
    }

    /**
     * The accounts that sign in: the searched data directory's (the very store search authenticates with), else
     * those of {@code maat.accounts}, else none; with the roles beside them.
     */
    private static SignIn signIn(FrontendConfig config, Search search) {
        if (search != null) {
            return new SignIn(search.accounts(), AccountRoles.open(search.dir()), new LoginThrottle());
        }
        if (config.accounts() != null) {
            DataDir dir = DataDir.at(config.accounts());
            return new SignIn(AccountStore.open(dir), AccountRoles.open(dir), new LoginThrottle());
        }
        LOG.warn("Maat front-end has no accounts (no maat.data, no maat.accounts): nobody can sign in, and every "
                + "page but sign-in answers 401");
        return new SignIn(null, AccountRoles.none(), new LoginThrottle());
    }

    /**
     * Opens the data directory and its shards for search. With {@code maat.index} the front-end also
     * offers account disguises: it owns the data directory and is its one writer, so it opens it for
     * changes and hands the disguise engine the very objects it serves with (data set, accounts), so
     * sign-in, document views and history see a disguise the moment it returns; the shards see it
     * once the engine publishes the updated index.
     */
    private static Search openSearch(FrontendConfig config) {
        ShardSecret secret;
        try {
            secret = ShardSecret.read(config.shardSecretFile());
        } catch (IOException e) {
            throw new UncheckedIOException("the Maat front-end cannot read maat.shardSecretFile: " + e.getMessage(), e);
        }
        try {
            ShardTopology topology = ShardTopology.parse(config.shards());
            DataDir dir = DataDir.at(config.data());
            DataSet data = config.disguises() ? DataSet.openForChanges(dir) : DataSet.open(dir);
            Frontend frontend = null;
            try {
                AccountStore accounts = AccountStore.open(data.dir());
                FanOut shards = new FanOut(topology.clients(ShardClient.newHttpClient(), ShardClient.REQUEST_TIMEOUT,
                        secret));
                frontend = new Frontend(data, shards, accounts,
                        config.policy() ? Monitoring.REFERENCE_MONITOR : Monitoring.NONE);
                return new Search(frontend, config.disguises() ? disguises(config, frontend, data, accounts) : null,
                        accounts, data.dir());
            } catch (RuntimeException e) {
                if (frontend != null) {
                    closeQuietly(frontend);
                } else {
                    data.close();
                }
                throw e;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the Maat front-end cannot open " + config.data() + ": " + e.getMessage(), e);
        }
    }

    /** The account disguises over the index of {@code maat.index}, monitored as that index was built. */
    private static AccountDisguises disguises(FrontendConfig config, Frontend frontend, DataSet data,
                                              AccountStore accounts) {
        IndexLayout index = new IndexLayout(config.index());
        Monitoring monitoring = index.monitored() ? Monitoring.REFERENCE_MONITOR : Monitoring.NONE;
        return new AccountDisguises(frontend, new SearchDisguises(data, accounts, index, monitoring),
                DisguiseSpecs.builtin(AccountDisguises.Kind.DELETE.spec()),
                DisguiseSpecs.builtin(AccountDisguises.Kind.ANONYMIZE.spec()));
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        Object value = event.getServletContext().getAttribute(FrontendContext.ATTRIBUTE);
        if (value instanceof FrontendContext context) {
            event.getServletContext().removeAttribute(FrontendContext.ATTRIBUTE);
            if (context.disguises() != null) {
                context.disguises().close(); // before the data set it changes
            }
            closeQuietly(context.frontend());
            if (context.erp() != null) {
                context.erp().close(); // before the drivers go: the pool's connections are H2's or Maat's
            }
        }
        deregisterOwnJdbcDrivers();
    }

    private static void closeQuietly(Search search) {
        if (search != null) {
            if (search.disguises() != null) {
                search.disguises().close();
            }
            closeQuietly(search.frontend());
        }
    }

    private static void closeQuietly(Frontend frontend) {
        if (frontend != null) {
            try {
                frontend.close();
            } catch (IOException e) {
                LOG.warn("closing the front-end: {}", e.getMessage());
            }
        }
    }

    /**
     * The policy store's H2 driver, loaded from the WAR, registered itself with the JVM-wide
     * {@link DriverManager}: left there, it would keep this web application's class loader alive after
     * undeployment (Tomcat warns and removes it itself; Jetty says nothing). Drivers of the container's
     * class loader are not this application's to remove.
     */
    private static void deregisterOwnJdbcDrivers() {
        ClassLoader own = FrontendStartup.class.getClassLoader();
        for (Driver driver : Collections.list(DriverManager.getDrivers())) {
            if (driver.getClass().getClassLoader() == own) {
                try {
                    DriverManager.deregisterDriver(driver);
                } catch (SQLException | SecurityException e) {
                    LOG.warn("deregistering JDBC driver {}: {}", driver.getClass().getName(), e.getMessage());
                }
            }
        }
    }

    @Override
    public void sessionDestroyed(HttpSessionEvent event) {
        Object user = event.getSession().getAttribute(SignedIn.SESSION_ATTRIBUTE);
        if (user instanceof SignedIn s && s.search() != null) {
            s.search().close();
        }
    }
}
