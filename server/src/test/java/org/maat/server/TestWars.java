package org.maat.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** Builds small WAR files out of test classes, to deploy through the launcher. */
final class TestWars {

    private TestWars() {
    }

    /** A WAR whose WEB-INF/classes hold {@code servlets} (annotated, found by scanning). */
    static Path build(Path file, Class<?>... servlets) throws IOException {
        try (OutputStream out = Files.newOutputStream(file); ZipOutputStream zip = new ZipOutputStream(out)) {
            zip.putNextEntry(new ZipEntry("index.html"));
            zip.write("<!doctype html><title>test war</title>".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            zip.closeEntry();
            for (Class<?> servlet : servlets) {
                String resource = servlet.getName().replace('.', '/') + ".class";
                zip.putNextEntry(new ZipEntry("WEB-INF/classes/" + resource));
                try (InputStream in = servlet.getClassLoader().getResourceAsStream(resource)) {
                    in.transferTo(zip);
                }
                zip.closeEntry();
            }
        }
        return file;
    }
}
