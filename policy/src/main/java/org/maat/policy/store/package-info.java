/**
 * The policy monitor's durable state in one H2 MVStore file: conduits, interned policy texts and
 * fact relations, changed only through all-or-nothing {@link org.maat.policy.store.Batch batches}.
 * Start at {@link org.maat.policy.store.PolicyStore}.
 */
package org.maat.policy.store;
