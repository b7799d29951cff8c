package org.maat.atrest.cipher;

import java.security.GeneralSecurityException;

/** A sealed block failed its authentication: it, its nonce or its associated data changed since it was sealed. */
public final class BlockAuthenticationException extends GeneralSecurityException {

    private static final long serialVersionUID = 1L;

    public BlockAuthenticationException(String message) {
        super(message);
    }
}
