package org.maat.server;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds the front-end WAR to deploy, the first that exists of: the system property
 * {@code maat.war}; {@code maat-search.war} beside the jar this class was loaded from (where the
 * build puts it for {@code bin/maat}: {@code cli/target/lib/}); {@code search-frontend/target/maat-search.war}
 * under the working directory or its parent (a source checkout after {@code ./mvnw package}).
 */
public final class WarFile {

    public static final String PROPERTY = "maat.war";
    public static final String NAME = "maat-search.war";

    private WarFile() {
    }

    /** The WAR, or an error listing where it looked. */
    public static Path locate() {
        List<Path> candidates = candidates();
        for (Path p : candidates) {
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        throw new IllegalStateException("cannot find the front-end WAR; looked at " + candidates
                + ". Build it (./mvnw -q -B -DskipTests package) or pass -D" + PROPERTY + "=FILE");
    }

    private static List<Path> candidates() {
        List<Path> candidates = new ArrayList<>();
        String property = System.getProperty(PROPERTY);
        if (property != null && !property.isBlank()) {
            candidates.add(Path.of(property));
            return candidates; // an explicit choice is never second-guessed
        }
        codeLocation().ifPresent(dir -> candidates.add(dir.resolve(NAME)));
        Path cwd = Path.of("").toAbsolutePath();
        candidates.add(cwd.resolve("search-frontend/target").resolve(NAME));
        if (cwd.getParent() != null) {
            candidates.add(cwd.getParent().resolve("search-frontend/target").resolve(NAME));
        }
        return candidates;
    }

    private static Optional<Path> codeLocation() {
        try {
            CodeSource source = WarFile.class.getProtectionDomain().getCodeSource();
            if (source == null) {
                return Optional.empty();
            }
            Path location = Path.of(source.getLocation().toURI());
            return Optional.ofNullable(Files.isDirectory(location) ? location : location.getParent());
        } catch (URISyntaxException | IllegalArgumentException | SecurityException e) {
            return Optional.empty();
        }
    }
}
