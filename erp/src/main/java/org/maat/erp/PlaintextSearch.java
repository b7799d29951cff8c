package org.maat.erp;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Looks for plaintext values of the generated HR data in a database file: names, emails, phone
 * numbers, city and department names as UTF-8 text, and salaries as text ({@code 8432.17}), as
 * 8-byte big-endian unscaled longs and doubles, and in H2's own row encoding (type byte, scale,
 * variable-length unscaled value). An encrypted database's file must contain none of them; a plain
 * database's file contains them all, which shows the search works.
 *
 * <p>Short values occur in any large random file by chance (a given 4-byte string about once per
 * 4 GB, a 2-byte one every 64 KB), so only values of at least {@link #MIN_TEXT_BYTES} bytes are
 * searched as text, and the salaries' binary forms are searched for a sample of employees. Even so,
 * thousands of 5- and 6-byte needles in megabytes of ciphertext meet one of them about once in a
 * thousand searches (a salary's 5-byte H2 form, 100 of them in 10 MB: one search in 1,100); so
 * {@link #find} reports a needle only beyond what chance does ({@link ChanceOccurrences}): found as often
 * as one needle, or needles of its length found as many, reach by chance with probability below
 * {@value #FALSE_ALARM} for the whole search. A leaked column (hundreds of values) is always reported;
 * a single leaked value is reported when its needle is long enough to be found once (8 bytes in 10 MB).
 */
public final class PlaintextSearch {

    /** Text values shorter than this are not searched: chance matches in ciphertext would be common. */
    public static final int MIN_TEXT_BYTES = 6;

    /** H2 2.x's value-type tag of a NUMERIC whose unscaled value fits a long (ValueDataType.DECIMAL_SMALL). */
    private static final byte H2_DECIMAL_SMALL = 0x3b;

    /** A value to look for: what it is and its bytes. */
    public record Needle(String label, byte[] bytes) {
    }

    private PlaintextSearch() {
    }

    /**
     * The generated data's sensitive values: every employee's first/last name, email and phone (those of
     * at least {@link #MIN_TEXT_BYTES} bytes), every city and department name of at least 5 bytes (few
     * enough that chance matches stay negligible), every salary as text, and the binary forms of
     * {@code binarySalarySample} employees' salaries.
     */
    public static List<Needle> generatedValues(HrGenerator g, int binarySalarySample) {
        Map<String, Needle> out = new LinkedHashMap<>();
        for (int i = 0; i < g.employeeCount(); i++) {
            HrGenerator.Employee e = g.employee(i);
            text(out, "first name", e.firstName(), MIN_TEXT_BYTES);
            text(out, "last name", e.lastName(), MIN_TEXT_BYTES);
            text(out, "email", e.email(), MIN_TEXT_BYTES);
            text(out, "phone", e.phoneNumber(), MIN_TEXT_BYTES);
            text(out, "salary", e.salary().toPlainString(), MIN_TEXT_BYTES);
            if (i < binarySalarySample) {
                for (Needle n : salaryBinaryForms(e.salary())) {
                    out.putIfAbsent(n.label() + "#" + HexFormat.of().formatHex(n.bytes()), n);
                }
            }
        }
        for (int d = 0; d < g.departmentCount(); d++) {
            text(out, "department", g.department(d).name(), 5);
        }
        for (HrReference.Location l : HrReference.LOCATIONS) {
            text(out, "city", l.city(), 5);
        }
        return new ArrayList<>(out.values());
    }

    static List<Needle> salaryBinaryForms(BigDecimal salary) {
        long unscaled = salary.unscaledValue().longValueExact();
        String label = "salary " + salary.toPlainString();
        List<Needle> forms = new ArrayList<>();
        forms.add(new Needle(label + " (long)", ByteBuffer.allocate(8).putLong(unscaled).array()));
        forms.add(new Needle(label + " (double)", ByteBuffer.allocate(8).putDouble(salary.doubleValue()).array()));
        ByteBuffer h2 = ByteBuffer.allocate(16).put(H2_DECIMAL_SMALL).put((byte) salary.scale());
        for (long v = unscaled; ; v >>>= 7) { // H2's DataUtils.writeVarLong
            if ((v & ~0x7FL) == 0) {
                h2.put((byte) v);
                break;
            }
            h2.put((byte) ((v & 0x7F) | 0x80));
        }
        byte[] h2Bytes = new byte[h2.position()];
        h2.flip().get(h2Bytes);
        forms.add(new Needle(label + " (H2 NUMERIC)", h2Bytes));
        return forms;
    }

    private static void text(Map<String, Needle> out, String label, String value, int minBytes) {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        if (bytes.length >= minBytes) {
            out.putIfAbsent(label + ":" + value, new Needle(label + " '" + value + "'", bytes));
        }
    }

    /** The chance that a search of random bytes reports anything (all needles together). */
    public static final double FALSE_ALARM = 1e-8;

    /**
     * The needles that occur in {@code file} (a file that should be ciphertext) more than chance explains,
     * in the order given: each one found as often as a needle of its length reaches by chance with probability
     * {@value #FALSE_ALARM} / (number of needles), and every one found of a length whose needles are found,
     * together, as many as chance reaches with probability {@value #FALSE_ALARM} / (number of lengths).
     */
    public static List<Needle> find(Path file, List<Needle> needles) throws IOException {
        long size = Files.size(file);
        Map<Needle, Integer> counts = counts(Files.readAllBytes(file), needles);
        Map<Integer, List<Needle>> byLength = new HashMap<>();
        needles.forEach(n -> byLength.computeIfAbsent(n.bytes().length, k -> new ArrayList<>()).add(n));
        Set<Needle> found = new HashSet<>();
        for (Map.Entry<Integer, List<Needle>> length : byLength.entrySet()) {
            double mean = ChanceOccurrences.mean(size, length.getKey());
            int each = ChanceOccurrences.ceiling(mean, FALSE_ALARM / needles.size());
            int together = ChanceOccurrences.ceiling(mean * length.getValue().size(), FALSE_ALARM / byLength.size());
            List<Needle> present = length.getValue().stream().filter(n -> counts.getOrDefault(n, 0) > 0).toList();
            for (Needle n : present) {
                if (counts.get(n) >= each || present.size() >= together) {
                    found.add(n);
                }
            }
        }
        return needles.stream().filter(found::contains).toList();
    }

    /** The needles that occur in {@code file} at all, in the order given (for a plaintext file: no chance model). */
    public static List<Needle> present(Path file, List<Needle> needles) throws IOException {
        Map<Needle, Integer> counts = counts(Files.readAllBytes(file), needles);
        return needles.stream().filter(counts::containsKey).toList();
    }

    /** How many times each needle that occurs in {@code data} starts there. */
    private static Map<Needle, Integer> counts(byte[] data, List<Needle> needles) {
        int prefix = needles.stream().mapToInt(n -> n.bytes().length).min().orElse(0);
        if (prefix == 0) {
            return Map.of();
        }
        prefix = Math.min(prefix, 8);
        Map<Long, List<Needle>> byPrefix = new HashMap<>();
        for (Needle n : needles) {
            byPrefix.computeIfAbsent(key(n.bytes(), 0, prefix), k -> new ArrayList<>()).add(n);
        }
        Map<Needle, Integer> counts = new HashMap<>();
        for (int i = 0; i + prefix <= data.length; i++) {
            List<Needle> candidates = byPrefix.get(key(data, i, prefix));
            if (candidates == null) {
                continue;
            }
            for (Needle n : candidates) {
                if (matchesAt(data, i, n.bytes())) {
                    counts.merge(n, 1, Integer::sum);
                }
            }
        }
        return counts;
    }

    private static long key(byte[] b, int at, int length) {
        long k = 0;
        for (int i = 0; i < length; i++) {
            k = (k << 8) | (b[at + i] & 0xFF);
        }
        return k;
    }

    private static boolean matchesAt(byte[] data, int at, byte[] needle) {
        if (at + needle.length > data.length) {
            return false;
        }
        for (int i = 0; i < needle.length; i++) {
            if (data[at + i] != needle[i]) {
                return false;
            }
        }
        return true;
    }
}
