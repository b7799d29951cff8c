/**
 * The ERP workload: an application of the encrypted JDBC driver, not part of it. The Oracle HR schema
 * ({@code hr-schema.sql}) with its procedure ({@link org.maat.erp.JobHistory}) and trigger
 * ({@link org.maat.erp.UpdateJobHistoryTrigger}), a seeded streaming data generator
 * ({@link org.maat.erp.HrGenerator}), database directories ({@link org.maat.erp.ErpDatabase}), the
 * loader and the parallel bulk encryptor, the query catalog Q7-Q18/Q10R of the ERP evaluation
 * ({@link org.maat.erp.ErpQuery}) with data-derived parameters, and the demo. Everything here talks
 * plain JDBC: H2's driver for plaintext databases, Maat's for encrypted ones, reaching the driver only
 * through {@code maat-encdb}'s public API. The ERP benchmark is in {@code maat-bench}.
 */
package org.maat.erp;
