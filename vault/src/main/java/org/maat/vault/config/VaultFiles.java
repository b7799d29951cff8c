package org.maat.vault.config;

import java.nio.file.Path;

/** Where each file of a vault directory lies (the layout PROTOCOL.md lists); nothing else builds these paths. */
public final class VaultFiles {

    private final Path dir;

    public VaultFiles(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    /** The public configuration every machine of the vault holds a copy of. */
    public Path config() {
        return dir.resolve("vault.json");
    }

    /** The CA certificate (PEM): every party's trust anchor. */
    public Path caCertificate() {
        return dir.resolve("ca.crt");
    }

    /** The CA's key and certificate: needed only to issue certificates. */
    public Path caKeyStore() {
        return dir.resolve("ca").resolve("ca.p12");
    }

    public Path serverDir(int id) {
        return dir.resolve("server-" + id);
    }

    /** Server {@code id}'s TLS key and certificate chain. */
    public Path serverTls(int id) {
        return serverDir(id).resolve("tls.p12");
    }

    /** ACS {@code id}'s Ed25519 token-signing key (PKCS#8 DER); its public half is in vault.json. */
    public Path serverTokenKey(int id) {
        return serverDir(id).resolve("token.key");
    }

    /** Server {@code id}'s durable store (H2 MVStore), created by {@code vault serve}. */
    public Path serverStore(int id) {
        return serverDir(id).resolve("store.mv.db");
    }

    public Path clientsDir() {
        return dir.resolve("clients");
    }

    /** Client {@code name}'s TLS key and certificate chain. */
    public Path client(String name) {
        return clientsDir().resolve(name + ".p12");
    }
}
