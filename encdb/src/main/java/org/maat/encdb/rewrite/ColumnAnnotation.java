package org.maat.encdb.rewrite;

import java.sql.SQLException;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import org.maat.encdb.onion.Onion;

/**
 * The {@code maat:} annotation of a column, read from its {@code COMMENT}: {@code maat:plaintext}
 * stores the column unencrypted; {@code maat:onions=eq,ord} restricts its onions;
 * {@code maat:search=keyword|substring(m,n)|none} chooses its Search onion. Directives are separated
 * by {@code ;} or spaces, e.g. {@code COMMENT 'maat:search=substring(3,5)'}.
 */
record ColumnAnnotation(boolean plaintext, Set<Onion> onions, String search) {

    static final ColumnAnnotation NONE = new ColumnAnnotation(false, null, null);

    static ColumnAnnotation parse(String comment, String column) throws SQLException {
        if (comment == null) {
            return NONE;
        }
        String c = comment.strip();
        if (c.startsWith("'") && c.endsWith("'")) {
            c = c.substring(1, c.length() - 1);
        }
        if (!c.startsWith("maat:")) {
            return NONE;
        }
        boolean plaintext = false;
        Set<Onion> onions = null;
        String search = null;
        for (String d : c.substring(5).split("[;\\s]+(?![^()]*\\))")) {
            String directive = d.strip().replace("maat:", "");
            if (directive.isEmpty()) {
                continue;
            }
            if (directive.equalsIgnoreCase("plaintext")) {
                plaintext = true;
            } else if (directive.toLowerCase(Locale.ROOT).startsWith("onions=")) {
                onions = EnumSet.noneOf(Onion.class);
                for (String o : directive.substring(7).split(",")) {
                    try {
                        onions.add(Onion.valueOf(o.strip().toUpperCase(Locale.ROOT)));
                    } catch (IllegalArgumentException e) {
                        throw new SQLException("column " + column + ": unknown onion '" + o + "' in COMMENT '" + comment
                                + "' (EQ, ORD, ADD, SEARCH)", "42000");
                    }
                }
            } else if (directive.toLowerCase(Locale.ROOT).startsWith("search=")) {
                search = directive.substring(7).strip().toLowerCase(Locale.ROOT).replace(" ", "");
                if (!search.equals("none") && !SearchCipher.valid(search)) {
                    throw new SQLException("column " + column + ": unknown search mode '" + search
                            + "' (keyword, substring(m,n) or none)", "42000");
                }
            } else {
                throw new SQLException("column " + column + ": unknown annotation 'maat:" + directive
                        + "' (plaintext, onions=..., search=...)", "42000");
            }
        }
        return new ColumnAnnotation(plaintext, onions, search);
    }
}
