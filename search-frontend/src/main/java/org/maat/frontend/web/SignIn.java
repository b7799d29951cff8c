package org.maat.frontend.web;

import org.maat.core.accounts.AccountRoles;
import org.maat.core.accounts.AccountStore;

/**
 * What sign-in needs: the accounts (those of the searched data directory, or of {@code maat.accounts} on a
 * server that serves only the ERP pages; null when such a server has none, so nobody signs in), the roles
 * they hold, and the throttle on guessing.
 */
record SignIn(AccountStore store, AccountRoles roles, LoginThrottle throttle) {
}
