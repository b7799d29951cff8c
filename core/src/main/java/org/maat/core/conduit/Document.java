package org.maat.core.conduit;

import java.util.Objects;

/**
 * A document conduit's content. {@code id} is its conduit id in the policy store (e.g. {@code d17});
 * who may read it is the policy store's business, not the document's.
 */
public record Document(String id, String title, String date, String body) {

    private static final String PREFIX = "d";

    public Document {
        Objects.requireNonNull(id, "id");
        title = title == null ? "" : title;
        date = date == null ? "" : date;
        body = body == null ? "" : body;
    }

    /** The conduit id of the {@code n}-th document of a store: {@code d<n>}. */
    public static String idOf(long n) {
        return PREFIX + n;
    }

    /** The position of a document id in its store, or -1 if {@code id} is not a document id. */
    public static long ordinal(String id) {
        if (id == null || id.length() < 2 || id.length() > 19 || !id.startsWith(PREFIX)) {
            return -1;
        }
        long n = 0;
        for (int i = 1; i < id.length(); i++) {
            char c = id.charAt(i);
            if (c < '0' || c > '9' || (i == 1 && c == '0' && id.length() > 2)) {
                return -1;
            }
            n = n * 10 + (c - '0');
        }
        return n;
    }
}
