/**
 * {@code maat bench erp}: the ERP workload's queries on plaintext H2 and through the encrypted
 * layer, and bulk encryption at several sizes and thread counts.
 */
package org.maat.bench.erp;
