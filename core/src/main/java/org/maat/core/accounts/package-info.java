/**
 * User accounts of a data directory: password hashes (Argon2id, never a password) in
 * {@code DATA/accounts}, and the generated test logins in {@code DATA/logins.txt} (owner-only file
 * permissions) that demos and benchmarks sign in with. The front-end authenticates sessions against
 * {@link org.maat.core.accounts.AccountStore}; the monitor then trusts the session's principal.
 */
package org.maat.core.accounts;
