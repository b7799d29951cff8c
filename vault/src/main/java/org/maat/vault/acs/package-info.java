/**
 * The access-control server (PROTOCOL.md, "/acs"): accounts and their clients from vault.json, verifiers,
 * permissions, and token requests granted at once or after approvals.
 */
package org.maat.vault.acs;
