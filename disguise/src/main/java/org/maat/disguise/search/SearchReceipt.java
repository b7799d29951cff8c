package org.maat.disguise.search;

import org.maat.disguise.Receipt;

/**
 * The receipt of a search disguise with what it could not take away: the entries of the mandatory
 * access log that name the principal (as the accessor, or as the owner of a document accessed). The
 * MAL log is append-only by policy ({@code update :- appendOnly()}) and chained by hashes, so no
 * disguise ever rewrites it: those entries stay, and {@code malExplanation} says so in words a user
 * can read.
 */
public record SearchReceipt(Receipt receipt, long malEntriesKept, String malExplanation) {

    static SearchReceipt of(Receipt receipt, long kept) {
        return new SearchReceipt(receipt, kept, kept == 0
                ? "no entry of the mandatory access log names you"
                : kept + " entr" + (kept == 1 ? "y" : "ies") + " of the mandatory access log name you or your"
                        + " documents and remain: the log is append-only by policy and hash-chained, so that"
                        + " every access to protected data stays accountable; no disguise can erase it");
    }
}
