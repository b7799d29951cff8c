package org.maat.vault.server;

import org.eclipse.jetty.server.Handler;
import org.maat.vault.acs.AccessControl;
import org.maat.vault.ss.Storage;

/** The product's request handler (package-private {@link VaultHandler}) for test servers in other packages. */
public final class ProductHandler {

    private ProductHandler() {
    }

    public static Handler of(AccessControl acs, Storage ss, String name) {
        return new VaultHandler(acs, ss, name);
    }
}
