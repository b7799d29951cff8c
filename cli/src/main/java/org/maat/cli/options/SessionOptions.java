package org.maat.cli.options;

import org.maat.core.data.DataDir;
import org.maat.core.data.Manifest;
import org.maat.policy.Session;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code --as USER --region R}: the session a command acts for over a data directory, checked against
 * the names the directory's population uses (its manifest) before anything is opened or written. An
 * unknown user or region is a usage error naming it (exit 2), never a session of nobody that quietly
 * gets public results; {@code --any-region} accepts a region the directory does not list, on purpose
 * (a client from elsewhere, to whom no region's censorship applies).
 */
public final class SessionOptions {

    @Option(names = "--as", required = true, paramLabel = "USER",
            description = "The session's principal: a user of the data directory (u0, u1, ...) or an employee (e0, ...).")
    String user;

    @Option(names = "--region", paramLabel = "R",
            description = "The session's region, one the data directory lists (r0, r1, ...): censorship applies.")
    String region;

    @Option(names = "--any-region", description = "Accept a --region the data directory does not list.")
    boolean anyRegion;

    /** The session, once its names are checked against {@code data}'s manifest; a usage error otherwise. */
    public Session session(CommandSpec spec, DataDir data) {
        if (user.isBlank()) {
            throw new ParameterException(spec.commandLine(), "--as must not be blank: it names the session's principal");
        }
        Manifest manifest = data.readManifest();
        if (!manifest.hasPrincipal(user)) {
            throw new ParameterException(spec.commandLine(), "--as " + user + ": no such user in " + data.root()
                    + " (users u0 to u" + (manifest.users() - 1) + (manifest.employees().isEmpty() ? ""
                    : ", employees " + String.join(", ", manifest.employees())) + ")");
        }
        if (region != null && !anyRegion && !manifest.regions().contains(region)) {
            throw new ParameterException(spec.commandLine(), "--region " + region + ": no such region in " + data.root()
                    + " (regions " + String.join(", ", manifest.regions()) + "); --any-region accepts it");
        }
        if (anyRegion && region == null) {
            throw new ParameterException(spec.commandLine(), "--any-region goes with --region R");
        }
        return Session.of(user, region);
    }
}
