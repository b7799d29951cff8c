package org.maat.frontend.app;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.maat.disguise.Conflict;
import org.maat.disguise.DisguiseException;
import org.maat.disguise.Disguises;
import org.maat.disguise.Receipt;
import org.maat.disguise.ReceiptFile;
import org.maat.disguise.RevealRefusedException;
import org.maat.disguise.RevealReport;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.crypto.RecoveryPhrase;
import org.maat.disguise.search.CommittedDisguiseException;
import org.maat.disguise.spec.DisguiseSpec;
import org.maat.disguise.store.Locator;

/**
 * A user's own account disguises, as the front-end offers them: create a disguise key, delete or
 * anonymize the signed-in account, and restore it later from the receipt and the key. The engine
 * ({@link Disguises} over this front-end's data directory) does the work; this class checks who asks
 * and turns the engine's refusals into answers a user can act on.
 *
 * <p>What it guarantees:
 * <ul>
 *   <li>a key pair is generated here, its public half registered, and its private half returned once
 *       (as a recovery phrase and as key text) and never kept;</li>
 *   <li>a disguise runs only for the signed-in user and only after their password is given again; when
 *       it has run, every open session of that user ends, so none goes on writing their history;</li>
 *   <li>the receipt is returned, never kept: it and the key are the only way back;</li>
 *   <li>a restore needs no session (the account may be gone); a wrong key, an altered or already
 *       revealed bag is refused (403), a clash with data changed since is refused naming every clash
 *       (409), and either way nothing changes.</li>
 * </ul>
 * Thread-safe if the engine is.
 */
public final class AccountDisguises implements AutoCloseable {

    /** The disguises a user may apply to their own account, with the built-in spec each runs. */
    public enum Kind {
        DELETE("search-delete-account", "deleted"),
        ANONYMIZE("search-anonymize-account", "anonymized");

        private final String spec;
        private final String done;

        Kind(String spec, String done) {
            this.spec = spec;
            this.done = done;
        }

        /** The name of the built-in spec ({@code DisguiseSpecs.builtin}). */
        public String spec() {
            return spec;
        }

        /** The word for the account afterwards: deleted, anonymized. */
        public String done() {
            return done;
        }

        /** The path segment that names it ({@code delete}, {@code anonymize}); 404 for any other. */
        public static Kind of(String segment) {
            for (Kind k : values()) {
                if (k.name().toLowerCase(Locale.ROOT).equals(segment)) {
                    return k;
                }
            }
            throw RequestException.notFound("no such account disguise: '" + segment + "' (delete or anonymize)");
        }

        public String segment() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A key pair just made for {@code user}: both forms of the private key, shown once, and the public key registered. */
    public record IssuedKey(String user, String publicKey, String recoveryPhrase, String privateKey) {
        @Override
        public String toString() {
            return "disguise key of " + user + " (" + publicKey + ")";
        }
    }

    /** Longest receipt or key text accepted: receipts are a few hundred characters. */
    public static final int MAX_TEXT_CHARS = 16_384;

    private final Frontend frontend;
    private final Disguises engine;
    private final DisguiseSpec delete;
    private final DisguiseSpec anonymize;

    /**
     * @param frontend  whose accounts and sessions the disguises concern (it checks passwords, ends sessions)
     * @param engine    the disguises over the front-end's own data directory and index; closed by {@link #close()}
     * @param delete    the spec {@link Kind#DELETE} runs
     * @param anonymize the spec {@link Kind#ANONYMIZE} runs
     */
    public AccountDisguises(Frontend frontend, Disguises engine, DisguiseSpec delete, DisguiseSpec anonymize) {
        this.frontend = frontend;
        this.engine = engine;
        this.delete = delete;
        this.anonymize = anonymize;
    }

    /**
     * Makes a key pair for the signed-in user and registers its public key, replacing any earlier one
     * (the receipts of earlier disguises still need the earlier key).
     */
    public IssuedKey createKey(UserSession user) {
        signedIn(user);
        RecoveryPhrase phrase = RecoveryPhrase.generate();
        PrivateKey key = phrase.privateKey();
        engine.register(user.user(), key.publicKey());
        return new IssuedKey(user.user(), key.publicKey().toText(), phrase.text(), key.toText());
    }

    /**
     * Applies {@code kind} to the signed-in user's account once {@code password} is confirmed, then ends
     * all the user's sessions. Both built-in account disguises remove the sign-in, so a user never
     * applies one after another from here: no earlier disguise's data needs finding through a
     * speaks-for chain, and the proof is {@link Disguises.PrincipalProof#none()}.
     *
     * @throws RequestException 403 for a wrong password, 400 when the engine refuses (no key registered),
     *         401 without a session
     */
    public Receipt disguise(UserSession user, Kind kind, String password) {
        signedIn(user);
        if (password == null || password.isEmpty()) {
            throw RequestException.badRequest("confirm with your password to " + kind.segment() + " your account");
        }
        if (!frontend.passwordMatches(user.user(), password)) {
            throw RequestException.refused("wrong password: your account was not " + kind.done());
        }
        if (!engine.registered(user.user())) {
            throw RequestException.badRequest("your account was not " + kind.done() + ": you have no disguise key "
                    + "yet (create your disguise key on your account page first)");
        }
        // Every session of the user ends before the disguise runs: a search finishing in another session
        // would otherwise write the history back after the disguise removed it.
        frontend.endSessions(user.user());
        try {
            return engine.apply(kind == Kind.DELETE ? delete : anonymize, user.user(), Disguises.PrincipalProof.none());
        } catch (CommittedDisguiseException e) {
            // Committed, and finished by the next change or restart: the receipt is the user's only way back.
            return e.receipt();
        } catch (DisguiseException e) {
            throw RequestException.badRequest("your account was not " + kind.done() + " (sign in again): "
                    + e.getMessage());
        }
    }

    /**
     * Restores what the disguise of {@code receipt} changed, with the user's {@code key} (a recovery
     * phrase or key text). No session is needed.
     *
     * @param receipt the receipt's JSON, or the locator alone
     * @throws RequestException 400 for a malformed receipt or key, 403 when the bag does not open with
     *         the key, was altered, or is gone (restored already), 409 naming every clash with current data
     */
    public RevealReport restore(String receipt, String key) {
        Locator locator = locator(receipt);
        if (isBlank(key)) {
            throw RequestException.badRequest("give your recovery phrase or your key file");
        }
        PrivateKey privateKey = privateKey(key);
        try {
            return engine.reveal(locator, privateKey);
        } catch (RevealRefusedException e) {
            if (!e.conflicts().isEmpty()) {
                List<String> clashes = new ArrayList<>();
                for (Conflict c : e.conflicts()) {
                    clashes.add(c.toString());
                }
                throw RequestException.conflict("nothing was restored: " + clashes.size()
                        + " change(s) would overwrite data changed since the disguise", clashes);
            }
            throw RequestException.refused("nothing was restored: " + e.getMessage());
        } catch (DisguiseException e) {
            throw RequestException.badRequest("nothing was restored: " + e.getMessage());
        }
    }

    /** The locator of {@code receipt}: a receipt's JSON ({@link ReceiptFile}), or the locator alone; 400 if neither. */
    static Locator locator(String receipt) {
        if (isBlank(receipt)) {
            throw RequestException.badRequest("give the receipt of the disguise (the file you downloaded, or its text)");
        }
        checkLength("the receipt", receipt);
        String t = receipt.strip();
        try {
            return t.startsWith(Locator.PREFIX) ? Locator.parse(t) : ReceiptFile.parse(t).locator();
        } catch (IllegalArgumentException e) {
            throw RequestException.badRequest("nothing was restored: " + e.getMessage());
        }
    }

    /** The private key a user typed or uploaded: key text ({@value PrivateKey#PREFIX}...) or a recovery phrase. */
    static PrivateKey privateKey(String typed) {
        checkLength("the key", typed);
        String t = typed.strip();
        try {
            return t.startsWith(PrivateKey.PREFIX) ? PrivateKey.parse(t) : RecoveryPhrase.parse(t).privateKey();
        } catch (IllegalArgumentException e) {
            throw RequestException.badRequest("that is neither a recovery phrase nor a key file: " + e.getMessage());
        }
    }

    private static void checkLength(String what, String text) {
        if (text.length() > MAX_TEXT_CHARS) {
            throw RequestException.badRequest(what + " is " + text.length() + " characters long; at most "
                    + MAX_TEXT_CHARS + " are accepted");
        }
    }

    private static void signedIn(UserSession user) {
        if (user == null || user.isClosed()) {
            throw RequestException.unauthorized("sign in first: the session has ended");
        }
    }

    private static boolean isBlank(String s) {
        return s == null || s.isBlank();
    }

    /** Closes the engine (before the data set it works on is closed). */
    @Override
    public void close() {
        engine.close();
    }
}
