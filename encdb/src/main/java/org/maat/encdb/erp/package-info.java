/**
 * The ERP workload of the encrypted query layer: the Oracle HR schema ({@code hr-schema.sql}) with its
 * procedure ({@link org.maat.encdb.erp.JobHistory}) and trigger
 * ({@link org.maat.encdb.erp.UpdateJobHistoryTrigger}), a seeded streaming data generator
 * ({@link org.maat.encdb.erp.HrGenerator}), database directories ({@link org.maat.encdb.erp.ErpDatabase}),
 * the loader and the parallel bulk encryptor, the query catalog Q7-Q18/Q10R of the ERP evaluation
 * ({@link org.maat.encdb.erp.ErpQuery}) with data-derived parameters, the closed-loop benchmark and the
 * demo. Everything here talks plain JDBC: H2's driver for plaintext databases, Maat's for encrypted ones.
 */
package org.maat.encdb.erp;
