package org.maat.disguise.search;

import org.maat.disguise.DisguiseException;
import org.maat.disguise.Receipt;

/**
 * An apply that failed after its commit point (a disk error part way through the stores): the
 * disguise is committed and will complete, before any other change through this data directory or
 * when it is next opened. Unlike other {@link DisguiseException}s, the change <em>will</em> happen, so
 * the user must be handed {@link #receipt()}: it is the only way back to their data.
 */
public final class CommittedDisguiseException extends DisguiseException {

    private final transient SearchReceipt receipt;

    CommittedDisguiseException(SearchReceipt receipt, Throwable cause) {
        super("disguise " + receipt.receipt().disguise() + " of " + receipt.receipt().principal() + " is committed"
                + " and will complete (before the next disguise, or when the data directory is next opened), but"
                + " not all of Maat's stores could be written now (" + cause.getMessage() + "): keep its receipt,"
                + " it is the only way to reveal it", cause);
        this.receipt = receipt;
    }

    /** The receipt of the committed disguise, to hand to the user as a successful apply would. */
    public Receipt receipt() {
        return receipt.receipt();
    }

    /** The receipt with the MAL entries that still name the principal ({@link SearchDisguises#disguise}). */
    public SearchReceipt searchReceipt() {
        return receipt;
    }
}
