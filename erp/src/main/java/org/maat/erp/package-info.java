/**
 * The ERP workload: an application of the encrypted JDBC driver (Oracle HR schema, generator, loader,
 * bulk encryption and queries Q7-Q18). It reaches the driver only through JDBC and {@code maat-encdb}'s
 * public API.
 */
package org.maat.erp;
