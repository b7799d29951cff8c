/**
 * Split execution of the SELECTs H2 cannot run whole over the onions: {@link
 * org.maat.encdb.split.SplitPlanner} plans per table a scan that H2 runs over ciphertext (through the
 * rewriter, with the conditions that are safe to push and, where cheaper, a reducer join), and {@link
 * org.maat.encdb.split.ClientEngine}, the trusted side's private in-memory H2, runs the application's
 * statement over the decrypted rows, so answers are plain H2's. {@link org.maat.encdb.split.SplitExplain}
 * is the EXPLAIN text. The plan itself is {@link org.maat.encdb.rewrite.SplitPlan}.
 */
package org.maat.encdb.split;
