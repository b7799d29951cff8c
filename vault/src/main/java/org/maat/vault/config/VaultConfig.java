package org.maat.vault.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.maat.vault.StrictJson;
import org.maat.vault.VaultException;

/**
 * A vault's public configuration, {@code DIR/vault.json}: its servers (id, address, token-checking key),
 * its accounts and their clients (by certificate fingerprint), and the key stores' password. Every machine
 * of the vault holds a copy; servers take the account registry from it at start.
 *
 * <p>{@link #load} refuses a damaged file with a message naming the file and the field; it never repairs.
 */
public final class VaultConfig {

    /** The file format's version; a file of another version is refused rather than misread. */
    public static final int VERSION = 1;

    /**
     * Names of clients, accounts, collections and secrets: 1 to 64 of letters, digits, '.', '_', '-', not starting
     * with '.' (HTTP path normalisation would eat a name "." or "..").
     */
    public static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}");
    /** {@link #NAME} in words, for messages. */
    public static final String NAME_RULE = "1 to 64 of letters, digits, '.', '_', '-', not starting with '.'";

    /** The key type of the ACSs' token keys. */
    public static final String TOKEN_KEY_ALGORITHM = "Ed25519";

    private static final ObjectMapper JSON = StrictJson.mapper();

    private final VaultFiles files;
    private final String storePassword;
    private final List<ServerEndpoint> servers;
    private final List<ClientEntry> clients;

    public VaultConfig(Path dir, String storePassword, List<ServerEndpoint> servers, List<ClientEntry> clients) {
        this.files = new VaultFiles(dir.toAbsolutePath().normalize());
        this.storePassword = storePassword;
        this.servers = List.copyOf(servers);
        this.clients = List.copyOf(clients);
    }

    /** Reads {@code dir/vault.json}; a missing, malformed or inconsistent file is a {@link VaultException}. */
    public static VaultConfig load(Path dir) {
        VaultFiles files = new VaultFiles(dir.toAbsolutePath().normalize());
        Path file = files.config();
        JsonNode root;
        try {
            root = JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            throw new VaultException(file + " does not exist: is " + dir + " a vault directory? Create one with "
                    + "`maat vault init --dir " + dir + "`");
        } catch (JsonProcessingException e) {
            throw new VaultException(file + ":" + e.getLocation().getLineNr() + ":" + e.getLocation().getColumnNr()
                    + ": not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new VaultException(file + ": cannot read: " + e, e);
        }
        return new Reader(file).read(files.dir(), root);
    }

    /** Writes this configuration to {@code dir/vault.json}, replacing it atomically (temp file, fsync, rename). */
    public void save() {
        Path file = files.config();
        try {
            Files.createDirectories(file.getParent());
            Path temp = Files.createTempFile(file.getParent(), ".vault.json.", ".tmp");
            try {
                Files.writeString(temp, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(toJson()) + "\n",
                        StandardCharsets.UTF_8);
                try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                    channel.force(true);
                }
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(temp);
            }
        } catch (IOException e) {
            throw new VaultException(file + ": cannot write: " + e, e);
        }
    }

    private ObjectNode toJson() {
        ObjectNode root = JSON.createObjectNode();
        root.put("version", VERSION);
        root.put("storePassword", storePassword);
        ArrayNode serverArray = root.putArray("servers");
        for (ServerEndpoint server : servers) {
            serverArray.addObject()
                    .put("id", server.id())
                    .put("host", server.host())
                    .put("port", server.port())
                    .put("tokenKey", Base64.getEncoder().encodeToString(server.tokenKey().getEncoded()));
        }
        Map<String, List<ClientEntry>> byAccount = new LinkedHashMap<>();
        clients.forEach(c -> byAccount.computeIfAbsent(c.account(), a -> new ArrayList<>()).add(c));
        ArrayNode accounts = root.putArray("accounts");
        byAccount.forEach((account, members) -> {
            ObjectNode node = accounts.addObject().put("name", account);
            ArrayNode clientArray = node.putArray("clients");
            members.forEach(c -> clientArray.addObject().put("name", c.name()).put("fingerprint", c.fingerprint()));
        });
        return root;
    }

    public Path dir() {
        return files.dir();
    }

    public VaultFiles files() {
        return files;
    }

    /** The password of the vault's PKCS#12 key stores (file permissions protect them; see PROTOCOL.md). */
    public char[] storePassword() {
        return storePassword.toCharArray();
    }

    public List<ServerEndpoint> servers() {
        return servers;
    }

    /** The server numbered {@code id}; an unknown id is a {@link VaultException} listing the known ones. */
    public ServerEndpoint server(int id) {
        return servers.stream().filter(s -> s.id() == id).findFirst().orElseThrow(() -> new VaultException(
                "no server " + id + " in " + files.config() + ": its servers are " + serverIds()));
    }

    /** The server ids, e.g. {@code "1, 2, 3"}. */
    public String serverIds() {
        return servers.stream().map(s -> Integer.toString(s.id())).collect(Collectors.joining(", "));
    }

    public List<ClientEntry> clients() {
        return clients;
    }

    /** The client named {@code name}; an unknown name is a {@link VaultException} listing the known ones. */
    public ClientEntry client(String name) {
        return clients.stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow(() -> new VaultException(
                "no client '" + name + "' in " + files.config() + ": its clients are "
                        + clients.stream().map(ClientEntry::name).collect(Collectors.joining(", "))));
    }

    public Optional<ClientEntry> clientByFingerprint(String fingerprint) {
        return clients.stream().filter(c -> c.fingerprint().equals(fingerprint)).findFirst();
    }

    /** Reads the JSON tree, naming the field of each problem. */
    private static final class Reader {
        private final Path file;

        Reader(Path file) {
            this.file = file;
        }

        VaultConfig read(Path dir, JsonNode root) {
            if (!root.isObject()) {
                throw fail("", "is not a JSON object");
            }
            int version = integer(root, "version", "");
            if (version != VERSION) {
                throw fail("version", "is " + version + "; this Maat reads version " + VERSION);
            }
            String password = text(root, "storePassword", "");
            List<ServerEndpoint> servers = new ArrayList<>();
            Set<Integer> ids = new HashSet<>();
            JsonNode serverArray = array(root, "servers", "");
            for (int i = 0; i < serverArray.size(); i++) {
                String at = "servers[" + i + "].";
                JsonNode node = serverArray.get(i);
                int id = integer(node, "id", at);
                if (id < 1 || !ids.add(id)) {
                    throw fail(at + "id", id < 1 ? "must be 1 or more" : "repeats server id " + id);
                }
                int port = integer(node, "port", at);
                if (port < 1 || port > 65_535) {
                    throw fail(at + "port", port + " is not a TCP port");
                }
                servers.add(new ServerEndpoint(id, text(node, "host", at), port, tokenKey(node, at)));
            }
            if (servers.isEmpty()) {
                throw fail("servers", "is empty: a vault needs at least one server");
            }
            List<ClientEntry> clients = new ArrayList<>();
            Set<String> clientNames = new HashSet<>();
            JsonNode accounts = array(root, "accounts", "");
            for (int i = 0; i < accounts.size(); i++) {
                String at = "accounts[" + i + "].";
                String account = name(accounts.get(i), "name", at);
                JsonNode members = array(accounts.get(i), "clients", at);
                for (int j = 0; j < members.size(); j++) {
                    String cat = at + "clients[" + j + "].";
                    String name = name(members.get(j), "name", cat);
                    if (!clientNames.add(name)) {
                        throw fail(cat + "name", "repeats client '" + name + "'");
                    }
                    String fingerprint = text(members.get(j), "fingerprint", cat);
                    if (!fingerprint.matches("[0-9a-f]{64}")) {
                        throw fail(cat + "fingerprint", "is not a lower-hex SHA-256 fingerprint");
                    }
                    clients.add(new ClientEntry(name, account, fingerprint));
                }
            }
            return new VaultConfig(dir, password, servers, clients);
        }

        private PublicKey tokenKey(JsonNode node, String at) {
            String encoded = text(node, "tokenKey", at);
            try {
                return KeyFactory.getInstance(TOKEN_KEY_ALGORITHM)
                        .generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(encoded)));
            } catch (IllegalArgumentException | java.security.GeneralSecurityException e) {
                throw fail(at + "tokenKey", "is not a base64 " + TOKEN_KEY_ALGORITHM + " public key (" + e.getMessage()
                        + ")");
            }
        }

        private JsonNode field(JsonNode node, String name, String at) {
            JsonNode value = node == null ? null : node.get(name);
            if (value == null || value.isNull()) {
                throw fail(at + name, "is missing");
            }
            return value;
        }

        private int integer(JsonNode node, String name, String at) {
            JsonNode value = field(node, name, at);
            if (!value.canConvertToInt() || !value.isIntegralNumber()) {
                throw fail(at + name, "is not an integer: " + value);
            }
            return value.intValue();
        }

        private String text(JsonNode node, String name, String at) {
            JsonNode value = field(node, name, at);
            if (!value.isTextual() || value.textValue().isBlank()) {
                throw fail(at + name, "is not a non-empty string: " + value);
            }
            return value.textValue();
        }

        private String name(JsonNode node, String name, String at) {
            String value = text(node, name, at);
            if (!NAME.matcher(value).matches()) {
                throw fail(at + name, "'" + value + "' is not a name (" + NAME_RULE + ")");
            }
            return value;
        }

        private JsonNode array(JsonNode node, String name, String at) {
            JsonNode value = field(node, name, at);
            if (!value.isArray()) {
                throw fail(at + name, "is not an array");
            }
            return value;
        }

        private VaultException fail(String field, String problem) {
            return new VaultException(file + ": " + (field.isEmpty() ? "" : field + " ") + problem);
        }
    }
}
