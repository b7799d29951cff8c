package org.maat.bench.tpch;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One of the 22 TPC-H queries in H2's SQL with the specification's validation parameters, read from
 * {@code qN.sql} beside this class. Its header says which result columns the ORDER BY sorts on
 * ({@code -- order: 2,3}, 1-based; empty for a single-row result) and how the text departs from the
 * specification ({@code -- changes: ...}). Q11's FRACTION depends on the scale factor (0.0001 / SF).
 */
public record TpchQuery(int number, String sql, List<Integer> orderColumns, String changes) {

    /** {@code Q6}. */
    public String label() {
        return "Q" + number;
    }

    /** The 22 queries, parameters set for scale factor {@code sf}. */
    public static List<TpchQuery> all(double sf) {
        List<TpchQuery> out = new ArrayList<>();
        for (int n = 1; n <= 22; n++) {
            out.add(read(n, sf));
        }
        return out;
    }

    static TpchQuery read(int n, double sf) {
        String text;
        try (InputStream in = TpchQuery.class.getResourceAsStream("q" + n + ".sql")) {
            if (in == null) {
                throw new IllegalStateException("q" + n + ".sql is missing beside " + TpchQuery.class.getName());
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Integer> order = new ArrayList<>();
        String changes = "";
        List<String> body = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.startsWith("-- order:")) {
                String cols = line.substring("-- order:".length()).trim();
                if (!cols.isEmpty()) {
                    Stream.of(cols.split(",")).map(String::trim).map(Integer::valueOf).forEach(order::add);
                }
            } else if (line.startsWith("-- changes:")) {
                changes = line.substring("-- changes:".length()).trim();
            } else {
                body.add(line);
            }
        }
        String fraction = new BigDecimal("0.0001").divide(BigDecimal.valueOf(sf), 10, java.math.RoundingMode.HALF_UP)
                .stripTrailingZeros().toPlainString();
        String sql = body.stream().collect(Collectors.joining("\n")).trim().replace("${FRACTION}", fraction);
        return new TpchQuery(n, sql, List.copyOf(order), changes);
    }
}
