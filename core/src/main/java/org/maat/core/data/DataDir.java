package org.maat.core.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Objects;
import org.maat.core.AtomicFile;

/**
 * The layout of a data directory written by {@code maat generate}: the policy store, the document
 * conduit store, the MAL log, the accounts (password hashes) and generated test logins, the users'
 * profiles (search histories, written by the front-end) and a manifest of how the data was generated. The manifest is written
 * last, so a directory without one is an interrupted generation and is refused.
 */
public record DataDir(Path root) {

    public DataDir {
        Objects.requireNonNull(root, "root");
    }

    public static DataDir at(Path root) {
        return new DataDir(root);
    }

    /** The policy store: conduits, policies and facts ({@code org.maat.policy.store.PolicyStore}). */
    public Path policyStore() {
        return root.resolve("policy.db");
    }

    /** The document conduit store ({@code org.maat.core.conduit.ConduitStore}). */
    public Path documents() {
        return root.resolve("documents");
    }

    /** The mandatory access log ({@code org.maat.policy.mal.MalLog}). */
    public Path malLog() {
        return root.resolve("mal.log");
    }

    /** Account password hashes ({@code org.maat.core.accounts.AccountStore}). */
    public Path accounts() {
        return root.resolve("accounts");
    }

    /** The roles the accounts hold ({@code org.maat.core.accounts.AccountRoles}). */
    public Path roles() {
        return root.resolve("roles");
    }

    /** Generated test logins in clear, owner-readable only ({@code org.maat.core.accounts.GeneratedLogins}). */

    public Path logins() {
        return root.resolve("logins.txt");
    }

    /** The directory of {@code user}'s profile conduits, e.g. {@code profile/u3/history}. */
    public Path profile(String user) {
        if (user.isEmpty() || user.contains("/") || user.contains("\\") || user.startsWith(".")) {
            throw new IllegalArgumentException("'" + user + "' cannot name a profile directory");
        }
        return root.resolve("profile").resolve(user);
    }

    public Path manifest() {
        return root.resolve("manifest.json");
    }

    /** The generation's parameters and counts; a clear error when this is not a complete data directory. */
    public Manifest readManifest() {
        try {
            return Manifest.read(Files.readString(manifest()));
        } catch (NoSuchFileException e) {
            throw new DataDirException(root + ": not a Maat data directory (no manifest.json; "
                    + (Files.isDirectory(root) ? "an interrupted 'maat generate'?" : "no such directory")
                    + ")");
        } catch (IOException e) {
            throw new DataDirException(manifest() + ": cannot read: " + e.getMessage());
        }
    }

    /** Writes the manifest atomically (temporary file, then rename), completing the directory. */
    public void writeManifest(Manifest manifest) throws IOException {
        AtomicFile.replace(manifest(), manifest.toJson());
    }
}
