package org.maat.core.storage;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** The files under a directory as stored on disk, for tests that look for plaintext where there must be none. */
public final class RawFiles {

    private RawFiles() {
    }

    /** Whether any regular file under {@code root}, read byte for byte, contains {@code text} (UTF-8). */
    public static boolean contain(Path root, String text) throws IOException {
        String needle = new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                if (new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1).contains(needle)) {
                    return true;
                }
            }
        }
        return false;
    }
}
