package org.maat.encdb.advise;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.maat.encdb.onion.Onion;

/**
 * The onions chosen for one column and why. {@code search} is the Search onion's mode ({@code keyword},
 * {@code substring(m,n)}) or {@code none} for text, null otherwise; {@code annotation} is the column's
 * {@code maat:} comment. A column declared with an annotation of its own ({@code maat:plaintext}, or an
 * explicit choice) keeps it: then {@code annotation} and {@code search} are null and {@code onions} empty.
 */
public record ColumnAdvice(String table, String column, String type, Set<Onion> onions, String search,
        String annotation, List<String> reasons) {

    public ColumnAdvice {
        onions = Set.copyOf(onions);
        reasons = List.copyOf(reasons);
    }

    /** {@code TABLE.COLUMN}. */
    public String qualifiedName() {
        return table + "." + column;
    }

    /** The onions as the annotation lists them, e.g. {@code eq,ord}. */
    public String onionList() {
        return onions.stream().sorted().map(o -> o.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(","));
    }
}
