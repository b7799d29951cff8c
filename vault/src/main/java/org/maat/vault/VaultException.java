package org.maat.vault;

/**
 * Any failure of the vault that its user must read: a damaged or missing configuration, a server that
 * refused or could not be reached, too few shards. The message names the file, server or secret and says
 * what is wrong; callers print it as it is.
 */
public class VaultException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public VaultException(String message) {
        super(message);
    }

    public VaultException(String message, Throwable cause) {
        super(message, cause);
    }
}
