package org.maat.vault.pki;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.spec.PKCS8EncodedKeySpec;
import org.maat.vault.VaultException;
import org.maat.vault.config.VaultConfig;

/**
 * The access-control servers' token-signing keys (Ed25519): the private half in {@code server-I/token.key}
 * (PKCS#8, owner-only), the public half in vault.json, where storage servers find it.
 */
public final class TokenKeys {

    private TokenKeys() {}

    /** ACS {@code serverId}'s signing key. */
    public static PrivateKey signingKey(VaultConfig config, int serverId) {
        Path file = config.files().serverTokenKey(serverId);
        try {
            return KeyFactory.getInstance(VaultConfig.TOKEN_KEY_ALGORITHM)
                    .generatePrivate(new PKCS8EncodedKeySpec(Files.readAllBytes(file)));
        } catch (NoSuchFileException e) {
            throw new VaultException(file + " does not exist: this machine lacks server " + serverId + "'s directory");
        } catch (IOException | GeneralSecurityException e) {
            throw new VaultException(file + ": cannot read the token-signing key: " + e.getMessage(), e);
        }
    }

    static KeyPair generate(SecureRandom random) throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance(VaultConfig.TOKEN_KEY_ALGORITHM);
        generator.initialize(255, random);
        return generator.generateKeyPair();
    }

    static void write(Path file, PrivateKey key) throws IOException {
        PrivateFiles.write(file, key.getEncoded());
    }
}
