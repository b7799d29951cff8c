package org.maat.encdb.sqllogictest;

import java.util.ArrayList;
import java.util.List;

/**
 * A sqllogictest script (https://www.sqlite.org/sqllogictest/doc/trunk/about.wiki) as records: blocks of
 * lines separated by blank lines, each optionally preceded by {@code skipif DB} / {@code onlyif DB}
 * conditions; {@code #} lines are comments.
 */
record SltScript(String name, List<SltScript.Record> records) {

    /** One record of a script, with the line it starts on. */
    sealed interface Record permits Statement, Query, HashThreshold, Halt {
        int line();
    }

    /** {@code statement ok|error}: the SQL must succeed (or fail). */
    record Statement(int line, boolean expectOk, String sql) implements Record {
    }

    /**
     * {@code query TYPES [SORT] [LABEL]}: {@code expected} is the value lines after {@code ----}, or one
     * line {@code N values hashing to MD5}.
     */
    record Query(int line, String types, String sort, String label, String sql, List<String> expected)
            implements Record {
    }

    record HashThreshold(int line, int threshold) implements Record {
    }

    record Halt(int line) implements Record {
    }

    /** Parses {@code text}, keeping the records that run on database {@code engine} (skipif/onlyif). */
    static SltScript parse(String name, String text, String engine) {
        List<Record> records = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        int i = 0;
        while (i < lines.length) {
            while (i < lines.length && lines[i].isBlank()) {
                i++;
            }
            int start = i;
            List<String> block = new ArrayList<>();
            while (i < lines.length && !lines[i].isBlank()) {
                if (!lines[i].startsWith("#")) {
                    block.add(lines[i]);
                }
                i++;
            }
            if (block.isEmpty()) {
                continue;
            }
            boolean runs = true;
            int k = 0;
            while (k < block.size() && (block.get(k).startsWith("skipif ") || block.get(k).startsWith("onlyif "))) {
                String[] c = block.get(k).trim().split("\\s+");
                boolean named = c.length > 1 && c[1].equalsIgnoreCase(engine);
                runs &= c[0].equals("skipif") != named;
                k++;
            }
            if (k == block.size()) {
                continue;
            }
            String[] head = block.get(k).trim().split("\\s+");
            List<String> body = block.subList(k + 1, block.size());
            int line = start + k + 1;
            Record r = switch (head[0]) {
                case "statement" -> new Statement(line, head.length > 1 && head[1].equals("ok"), String.join("\n", body));
                case "query" -> query(line, head, body);
                case "hash-threshold" -> new HashThreshold(line, Integer.parseInt(head[1]));
                case "halt" -> new Halt(line);
                default -> throw new IllegalArgumentException(name + ":" + line + ": unknown record " + head[0]);
            };
            if (runs) {
                records.add(r);
            }
        }
        return new SltScript(name, records);
    }

    private static Query query(int line, String[] head, List<String> body) {
        int dashes = body.indexOf("----");
        List<String> sql = dashes < 0 ? body : body.subList(0, dashes);
        List<String> expected = dashes < 0 ? List.of() : List.copyOf(body.subList(dashes + 1, body.size()));
        return new Query(line, head[1], head.length > 2 ? head[2] : "nosort", head.length > 3 ? head[3] : null,
                String.join("\n", sql), expected);
    }
}
