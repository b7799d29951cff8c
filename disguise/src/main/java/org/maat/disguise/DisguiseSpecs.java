package org.maat.disguise;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
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
            return SpecParser.parse(file.toString(), utf8(file.toString(), Files.readAllBytes(file)));
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
            return SpecParser.parse("builtin:" + name, utf8("builtin:" + name, in.readAllBytes()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read built-in disguise " + name, e);
        }
    }

    public static List<String> builtinNames() {
        return BUILTIN;
    }

    /**
     * {@code bytes} decoded as UTF-8. Bytes that are not UTF-8 are refused, not replaced: a replaced byte
     * inside a name would make a different name than the one written. The error points at the first bad
     * byte, by line and column (in characters, from 1) of the text before it.
     */
    private static String utf8(String source, byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length); // UTF-8 never has more characters than bytes
        CoderResult result = decoder.decode(in, out, true);
        if (!result.isError()) {
            result = decoder.flush(out);
        }
        if (result.isError()) {
            int line = 1;
            int column = 1;
            for (int i = 0; i < out.position(); i++) {
                if (out.get(i) == '\n') {
                    line++;
                    column = 1;
                } else {
                    column++;
                }
            }
            throw new SpecException(source, line, column, String.format(Locale.ROOT,
                    "not UTF-8: byte 0x%02X at byte offset %d", bytes[in.position()] & 0xFF, in.position()));
        }
        return out.flip().toString();
    }
}
