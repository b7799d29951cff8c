package org.maat.vault.pki;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.maat.vault.VaultException;
import org.maat.vault.config.ClientEntry;
import org.maat.vault.config.ServerEndpoint;
import org.maat.vault.config.VaultConfig;
import org.maat.vault.config.VaultFiles;

/**
 * Creates a vault directory: a CA, one TLS certificate and one token-signing key per server, one client
 * certificate per client, and vault.json, written last so that a directory without it is no vault (an
 * interrupted init leaves nothing a server would start on).
 */
public final class VaultInit {

    private VaultInit() {}

    /** {@link #create(Path, List, List, Consumer)} without progress lines. */
    public static VaultConfig create(Path dir, List<ServerAddress> servers, List<ClientSpec> clients) {
        return create(dir, servers, clients, line -> { });
    }

    /**
     * Creates the vault in {@code dir}, which must not exist or be empty; server ids are 1..N in the order
     * of {@code servers}. Each step is reported to {@code progress} as a line.
     */
    public static VaultConfig create(Path dir, List<ServerAddress> servers, List<ClientSpec> clients,
            Consumer<String> progress) {
        VaultFiles files = new VaultFiles(dir.toAbsolutePath().normalize());
        check(files, servers, clients);
        SecureRandom random = new SecureRandom();
        try {
            CertificateAuthority ca = CertificateAuthority.create("Maat vault CA", random);
            byte[] passwordBytes = new byte[18];
            random.nextBytes(passwordBytes);
            char[] password = Base64.getUrlEncoder().withoutPadding().encodeToString(passwordBytes).toCharArray();
            KeyStores.write(files.caKeyStore(), ca.privateKey(), new X509Certificate[] {ca.certificate()}, password);
            Files.writeString(files.caCertificate(), Certificates.pem(ca.certificate()), StandardCharsets.US_ASCII);
            progress.accept("CA certificate " + files.caCertificate() + " (its key: " + files.caKeyStore()
                    + "; keep it offline)");

            List<ServerEndpoint> endpoints = new ArrayList<>();
            for (int i = 0; i < servers.size(); i++) {
                int id = i + 1;
                ServerAddress address = servers.get(i);
                CertificateAuthority.Issued tls = ca.issueServer("maat-vault-server-" + id, address.host());
                KeyStores.write(files.serverTls(id), tls.key(),
                        new X509Certificate[] {tls.certificate(), ca.certificate()}, password);
                KeyPair tokenKeys = TokenKeys.generate(random);
                TokenKeys.write(files.serverTokenKey(id), tokenKeys.getPrivate());
                endpoints.add(new ServerEndpoint(id, address.host(), address.port(), tokenKeys.getPublic()));
                progress.accept("server " + id + " at " + address.host() + ":" + address.port() + ": "
                        + files.serverDir(id));
            }
            List<ClientEntry> entries = new ArrayList<>();
            for (ClientSpec client : clients) {
                CertificateAuthority.Issued cert = ca.issueClient(client.name(), client.account());
                KeyStores.write(files.client(client.name()), cert.key(),
                        new X509Certificate[] {cert.certificate(), ca.certificate()}, password);
                entries.add(new ClientEntry(client.name(), client.account(),
                        Certificates.fingerprint(cert.certificate())));
                progress.accept("client " + client.name() + " (account " + client.account() + "): "
                        + files.client(client.name()));
            }
            VaultConfig config = new VaultConfig(files.dir(), new String(password), endpoints, entries);
            config.save();
            progress.accept("configuration " + files.config());
            return config;
        } catch (IOException | GeneralSecurityException e) {
            throw new VaultException("cannot create the vault in " + files.dir() + ": " + e, e);
        }
    }

    private static void check(VaultFiles files, List<ServerAddress> servers, List<ClientSpec> clients) {
        if (Files.exists(files.config())) {
            throw new VaultException(files.dir() + " already holds a vault (" + files.config().getFileName()
                    + "); choose another directory or remove it");
        }
        if (Files.isDirectory(files.dir())) {
            try (Stream<Path> entries = Files.list(files.dir())) {
                if (entries.findAny().isPresent()) {
                    throw new VaultException(files.dir() + " is not empty; a vault needs a directory of its own");
                }
            } catch (IOException e) {
                throw new VaultException(files.dir() + ": cannot list: " + e, e);
            }
        } else if (Files.exists(files.dir())) {
            throw new VaultException(files.dir() + " is a file, not a directory");
        }
        if (servers.isEmpty()) {
            throw new VaultException("a vault needs at least one server");
        }
        Set<String> addresses = new HashSet<>();
        for (ServerAddress server : servers) {
            if (server.port() < 1 || server.port() > 65_535) {
                throw new VaultException("server port " + server.port() + " is not a TCP port (1-65535)");
            }
            if (!addresses.add(server.host() + ":" + server.port())) {
                throw new VaultException("two servers at " + server.host() + ":" + server.port());
            }
        }
        if (clients.isEmpty()) {
            throw new VaultException("a vault needs at least one client");
        }
        Set<String> names = new HashSet<>();
        for (ClientSpec client : clients) {
            for (String name : List.of(client.name(), client.account())) {
                if (!VaultConfig.NAME.matcher(name).matches()) {
                    throw new VaultException("'" + name + "' is not a client or account name ("
                            + VaultConfig.NAME_RULE + ")");
                }
            }
            if (!names.add(client.name())) {
                throw new VaultException("two clients named '" + client.name() + "'");
            }
        }
    }
}
