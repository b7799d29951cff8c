package org.maat.disguise;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.maat.disguise.spec.DisguiseSpec;
import org.maat.disguise.spec.SpecException;
import org.maat.disguise.spec.SpecParser;

/**
 * Where disguise specifications come from: a file the operator wrote, or one of the built-in specs
 * shipped as resources ({@code org/maat/disguise/specs/NAME.json}). Both are checked by {@link
 * SpecParser}; a malformed one is refused with a {@link SpecException} naming FILE:LINE:COLUMN.
 */
public final class DisguiseSpecs {

    private static final String RESOURCES = "/org/maat/disguise/specs/";
    /** The built-in specs, in the order {@code disguise list-specs} shows them. */
    private static final List<String> BUILTIN = List.of("hr-employee-leaves", "websubmit-delete-account",
            "websubmit-anonymize-account", "search-delete-account", "search-anonymize-account");

    private DisguiseSpecs() {
    }

    /** Reads and checks the spec in {@code file}; errors name the file as given. */
    public static DisguiseSpec load(Path file) {
        try {
            return SpecParser.parse(file.toString(), Files.readString(file, StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            throw new SpecException(file.toString(), 0, 0, "no such file");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read disguise spec " + file, e);
        }
    }

    /**
     * A built-in spec by name ({@link #builtinNames()}).
     *
     * @throws IllegalArgumentException naming the built-in specs when {@code name} is none of them
     */
    public static DisguiseSpec builtin(String name) {
        if (!BUILTIN.contains(name)) {
            throw new IllegalArgumentException("no built-in disguise \"" + name + "\"; built-in: "
                    + String.join(", ", BUILTIN));
        }
        try (InputStream in = DisguiseSpecs.class.getResourceAsStream(RESOURCES + name + ".json")) {
            if (in == null) {
                throw new IllegalStateException("built-in disguise " + name + " is missing from the jar");
            }
            return SpecParser.parse("builtin:" + name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read built-in disguise " + name, e);
        }
    }

    public static List<String> builtinNames() {
        return BUILTIN;
    }
}
