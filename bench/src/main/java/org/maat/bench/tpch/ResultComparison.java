package org.maat.bench.tpch;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Whether two results of one query are the same answer. Rows must agree value by value (numbers at the
 * plain result's scale) and in the order the query's ORDER BY fixes; where it leaves ties (rows with equal
 * sort keys, or a query without ORDER BY), the tied rows are compared as sorted whole rows, since either
 * order is a correct answer.
 */
final class ResultComparison {

    private ResultComparison() {
    }

    /** Null when identical, else the first difference in words. */
    static String difference(ResultRows plain, ResultRows driver, List<Integer> orderColumns) {
        if (plain.types().size() != driver.types().size()) {
            return "column count " + driver.types().size() + " instead of " + plain.types().size();
        }
        if (plain.rows().size() != driver.rows().size()) {
            return driver.rows().size() + " rows instead of " + plain.rows().size();
        }
        List<List<List<String>>> a = runs(plain.canonical(plain), orderColumns);
        List<List<List<String>>> b = runs(driver.canonical(plain), orderColumns);
        int row = 0;
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            List<List<String>> x = sorted(a.get(i));
            List<List<String>> y = sorted(b.get(i));
            for (int j = 0; j < Math.min(x.size(), y.size()); j++) {
                if (!x.get(j).equals(y.get(j))) {
                    return "row " + (row + j + 1) + " (by ORDER BY, ties sorted): " + y.get(j) + " instead of " + x.get(j);
                }
            }
            if (x.size() != y.size()) {
                return "rows " + (row + 1) + ".. ordered differently: a run of " + y.size() + " rows with equal sort keys"
                        + " instead of " + x.size();
            }
            row += x.size();
        }
        return null;
    }

    /** Consecutive rows with equal sort-key values; the whole result when there are no sort keys. */
    private static List<List<List<String>>> runs(List<List<String>> rows, List<Integer> orderColumns) {
        List<List<List<String>>> runs = new ArrayList<>();
        if (orderColumns.isEmpty()) {
            runs.add(rows);
            return runs;
        }
        List<String> key = null;
        for (List<String> r : rows) {
            List<String> k = new ArrayList<>();
            for (int c : orderColumns) {
                k.add(r.get(c - 1));
            }
            if (!k.equals(key)) {
                runs.add(new ArrayList<>());
                key = k;
            }
            runs.get(runs.size() - 1).add(r);
        }
        return runs;
    }

    private static List<List<String>> sorted(List<List<String>> rows) {
        List<List<String>> s = new ArrayList<>(rows);
        s.sort(Comparator.comparing(Object::toString));
        return s;
    }
}
