package org.maat.disguise;

import java.time.Instant;
import org.maat.disguise.store.Locator;

/**
 * What a user keeps after a disguise: its locator (the only way to its bag), with the disguise's name,
 * the principal and the time, for the user's own records. Maat does not keep receipts. Its JSON form
 * is what the command line writes and the front-end offers for download ({@code ReceiptFile}).
 */
public record Receipt(String disguise, String principal, Locator locator, Instant applied, int changes,
                      int pseudoprincipals) {
}
