/**
 * Choosing a schema's onions from its workload, as CryptDB's and Monomi's designers did by hand:
 * {@link org.maat.encdb.advise.OnionAdvisor} reads CREATE TABLE statements and the SELECTs an application
 * runs, and writes the CREATE TABLEs back with {@code COMMENT 'maat:...'} annotations giving each column
 * only the onions some query can use, with the reasons. Reads SQL only; never connects to a database.
 */
package org.maat.encdb.advise;
