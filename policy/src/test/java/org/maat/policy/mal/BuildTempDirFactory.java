package org.maat.policy.mal;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.AnnotatedElementContext;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDirFactory;

/**
 * Puts {@code @TempDir} directories in the {@code java.io.tmpdir} that surefire sets
 * ({@code target/tmp}). JUnit's default would use the JVM's startup temp dir ({@code /tmp}),
 * because the JDK caches that property before surefire sets it.
 */
public final class BuildTempDirFactory implements TempDirFactory {

    @Override
    public Path createTempDirectory(AnnotatedElementContext elementContext, ExtensionContext extensionContext)
            throws Exception {
        Path root = Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir")));
        return Files.createTempDirectory(root, "junit");
    }
}
