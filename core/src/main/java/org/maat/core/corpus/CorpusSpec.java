package org.maat.core.corpus;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Parses the {@code --corpus} argument: {@code europarl} (the embedded default),
 * {@code wiki:PATH} (a MediaWiki XML dump, plain or {@code .bz2}), {@code jsonl:PATH}
 * ({@code {"id","title","body"}} lines) or {@code synthetic:SIZE} (e.g. {@code synthetic:2GB}).
 */
public final class CorpusSpec {

    public static final String KINDS = "europarl, wiki:PATH, jsonl:PATH or synthetic:SIZE";

    private CorpusSpec() {
    }

    /** The corpus {@code spec} names, seeded with {@code seed} where it is generated. */
    public static Corpus parse(String spec, long seed) {
        if (spec.equals("europarl")) {
            return new EuroparlCorpus();
        }
        int colon = spec.indexOf(':');
        String kind = colon < 0 ? spec : spec.substring(0, colon);
        String arg = colon < 0 ? "" : spec.substring(colon + 1);
        switch (kind) {
            case "wiki" -> {
                return new WikiDumpCorpus(spec, existingFile(spec, arg));
            }
            case "jsonl" -> {
                return new JsonlCorpus(spec, existingFile(spec, arg));
            }
            case "synthetic" -> {
                return new SyntheticCorpus(spec, parseSize(spec, arg), seed);
            }
            default -> throw new IllegalArgumentException("unknown corpus '" + spec + "': expected " + KINDS);
        }
    }

    /** {@code 1500}, {@code 64KB}, {@code 500MB}, {@code 2GB} (binary units) to bytes. */
    static long parseSize(String spec, String size) {
        String s = size.strip().toUpperCase(Locale.ROOT);
        long unit = 1;
        for (String[] u : new String[][] {{"KB", "1024"}, {"MB", "1048576"}, {"GB", "1073741824"}, {"B", "1"}}) {
            if (s.endsWith(u[0])) {
                unit = Long.parseLong(u[1]);
                s = s.substring(0, s.length() - u[0].length()).strip();
                break;
            }
        }
        try {
            double value = Double.parseDouble(s);
            if (value <= 0 || Double.isNaN(value) || value * unit > Long.MAX_VALUE / 2) {
                throw new NumberFormatException();
            }
            return (long) (value * unit);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("corpus '" + spec + "': size '" + size
                    + "' is not a positive size such as 500MB or 2GB");
        }
    }

    private static Path existingFile(String spec, String path) {
        if (path.isEmpty()) {
            throw new IllegalArgumentException("corpus '" + spec + "': missing PATH");
        }
        Path p = Path.of(path);
        if (!Files.isRegularFile(p) || !Files.isReadable(p)) {
            throw new IllegalArgumentException("corpus '" + spec + "': " + p + " is not a readable file");
        }
        return p;
    }
}
