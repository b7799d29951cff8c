package org.maat.core.demo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads a demo's printed report back as structure, for the tests of the search and serving demos. */
public final class DemoReport {

    private DemoReport() {
    }

    /** The report's sections by heading ({@code == } lines), each with its non-blank lines. */
    public static Map<String, List<String>> sections(String out) {
        Map<String, List<String>> sections = new LinkedHashMap<>();
        List<String> current = null;
        for (String line : out.lines().toList()) {
            if (line.startsWith("== ")) {
                current = new ArrayList<>();
                sections.put(line.substring(3), current);
            } else if (current != null && !line.isBlank()) {
                current.add(line);
            }
        }
        return sections;
    }
}
