package org.maat.cli.disguise;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Properties;
import org.maat.core.data.DataDir;
import org.maat.disguise.Disguises;
import org.maat.disguise.jdbc.JdbcDisguises;
import org.maat.disguise.search.SearchDisguises;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/** Where a disguise applies: {@code --db URL} or {@code --data DIR --index DIR}, exactly one. */
public final class TargetOptions {

    @ArgGroup(exclusive = false, multiplicity = "0..1", heading = "%nA JDBC database:%n")
    Jdbc jdbc;

    @ArgGroup(exclusive = false, multiplicity = "0..1", heading = "%nMaat's search data:%n")
    Search search;

    static final class Jdbc {
        @Option(names = "--db", required = true, paramLabel = "URL",
                description = "JDBC URL, e.g. jdbc:h2:./hr or jdbc:maat:h2:./hr;maat.keyFile=hr.key")
        String url;

        @Option(names = "--db-user", paramLabel = "NAME", defaultValue = "",
                description = "Database user (default: none, as H2 databases made by maat erp and maat disguise sample).")
        String user;

        @Option(names = "--db-password", paramLabel = "TEXT", defaultValue = "", arity = "0..1", interactive = true,
                description = "Database password (default: empty; give the flag alone to be asked).")
        String password;
    }

    static final class Search {
        @Option(names = "--data", required = true, paramLabel = "DIR", description = "Data directory (maat generate).")
        Path data;

        @Option(names = "--index", required = true, paramLabel = "DIR", description = "Its index (maat index).")
        Path index;
    }

    /** Whether a target was given (list works without one). */
    boolean given() {
        return jdbc != null || search != null;
    }

    /** An error naming the flags when none or both were given; opens nothing. */
    void check() {
        if (jdbc != null && search != null) {
            throw new IllegalArgumentException("give either --db or --data/--index, not both");
        }
        if (jdbc == null && search == null) {
            throw new IllegalArgumentException("no target: give --db URL (a JDBC database) or --data DIR --index DIR "
                    + "(Maat's search data)");
        }
    }

    /** Opens the target; an error naming the flags when none or both were given. */
    Disguises open() {
        check();
        if (jdbc != null) {
            Properties properties = new Properties();
            properties.setProperty("user", jdbc.user);
            properties.setProperty("password", jdbc.password);
            if (isH2File(jdbc.url)) {
                // A disguise changes an existing database: a mistyped H2 path is an error, not a new empty database.
                properties.setProperty("IFEXISTS", "TRUE");
            }
            return JdbcDisguises.open(jdbc.url, properties);
        }
        if (search != null) {
            try {
                return SearchDisguises.open(DataDir.at(search.data), search.index);
            } catch (IOException e) {
                throw new UncheckedIOException(search.data + ": " + e.getMessage(), e);
            }
        }
        throw new IllegalArgumentException("no target: give --db URL (a JDBC database) or --data DIR --index DIR "
                + "(Maat's search data)");
    }

    /** Whether {@code url} names an H2 database in a file (plain or through Maat's driver), which H2 would create. */
    static boolean isH2File(String url) {
        String u = url.toLowerCase(java.util.Locale.ROOT);
        String rest = u.startsWith("jdbc:h2:") ? u.substring("jdbc:h2:".length())
                : u.startsWith("jdbc:maat:h2:") ? u.substring("jdbc:maat:h2:".length()) : null;
        return rest != null && !rest.startsWith("mem:") && !rest.startsWith("tcp:") && !rest.startsWith("ssl:")
                && !u.contains("ifexists=");
    }

    /** The target as the user named it, for messages. */
    String describe() {
        return jdbc != null ? jdbc.url : search != null ? search.data.toString() : "(none)";
    }
}
