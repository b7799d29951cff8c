package org.maat.vault.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import javax.net.ssl.SSLContext;
import org.maat.vault.StrictJson;
import org.maat.vault.VaultException;
import org.maat.vault.client.Timings.Phase;
import org.maat.vault.config.ClientEntry;
import org.maat.vault.config.ServerEndpoint;
import org.maat.vault.config.VaultConfig;
import org.maat.vault.pki.ClientCredentials;
import org.maat.vault.pki.TlsContexts;
import org.maat.vault.token.Action;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stores and reads secrets in a vault as one client (a certificate in {@code DIR/clients/NAME.p12}),
 * following PROTOCOL.md.
 *
 * <p>{@link #put}: read or create permissions on each of the collection's ACSs (the first put into a
 * collection claims it for this client's account), create and write tokens from at least {@code quorum}
 * of them, the collection on the vault's registrar ({@link #registrar}, which refuses a put naming other
 * servers than the collection's) and then on each of the n storage servers, then a two-phase put: one share per
 * server staged under a fresh put id (invisible to readers), then committed on the collection's deciding server
 * ({@link #decider}), which answers the decision's epoch, then on the others with that epoch. The deciding
 * commit is the put's one moment of truth: before it, nothing is visible and a failure aborts the put's own
 * staged shares (never a committed share: an abort names its put); after it, all n shares exist. A
 * {@link #delete} is decided on the same server, above the epochs the others answer, and applied on them with its
 * epoch, so a delete and a put racing for a name end in the order the deciding server took them.
 *
 * <p>What a put's return guarantees, by construction: it returns only through {@link PutCommit}, once each of the
 * n servers holds the put committed (so any k of them read it without the others), or once the deciding server
 * shows a later decision of its own (a delete) replaced it. A server that did not take its commit fails the put;
 * a {@code superseded} answer while the deciding server still holds the put (its epochs went back: a store
 * restored from a backup) fails it too, asking for a delete of the name. A put refused because the name is taken
 * reads the stored secret; if it is this one, the put that stored it is rolled forward through {@link PutCommit}
 * (committed with its decision's epoch where it is only staged), so rerunning a put whose outcome was unknown, or
 * that failed after its decision, completes it. A delete, too, is decided above the epochs its collection's servers answer
 * first, so it is ordered after every decision they applied even when the deciding server's store and clock went
 * back. Not guaranteed: a put with a server down (it needs all n); that an acknowledged put survives more than
 * n - k servers losing their stores; a delete decided below the epoch of a server that did not answer its epoch
 * question but answers the delete {@code superseded} (which a delete counts as done), possible only after the
 * deciding server's store and clock went back.
 *
 * <p>{@link #read}: read tokens from every ACS that grants one, shares from every storage server in
 * parallel, one request each, whose answer (refused or not) carries the server's record of the collection's
 * servers; every answer is waited for, and a value is returned
 * only through {@link CommittedPuts}, which fails the read when two puts that cannot be ordered (decided on different
 * servers) are committed under the name; then k shares that pass their digest and together the check value give
 * the secret; a share that fails either is reported, never used ({@link #audit} checks every share against the
 * secret). A put trusts a collection's first registration on the registrar only when no other server of vault.json
 * holds the collection with other servers ({@link #requireNotHeldElsewhere}). Tokens are cached and reused until shortly
 * before they expire. Every failure is a {@link VaultException} naming the secret and each server that
 * failed and why.
 *
 * <p>Thread-safe: operations may run concurrently; they share the connections and the token cache.
 */
public final class VaultClient implements AutoCloseable {

    /** The client name {@code vault:} key sources and {@code maat vault} use unless told otherwise. */
    public static final String DEFAULT_CLIENT = "maat";

    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);

    private static final Logger LOG = LoggerFactory.getLogger(VaultClient.class);

    private final VaultConfig config;
    private final ClientEntry client;
    private final ExecutorService executor;
    private final VaultHttp http;
    private final ObjectMapper json = StrictJson.mapper();
    private final AccessTokens tokens;
    private final ShareSignatures signatures;
    private final Set<Integer> connected = ConcurrentHashMap.newKeySet();
    private final SecureRandom random = new SecureRandom();
    private final Timings openTimings;

    private VaultClient(VaultConfig config, ClientEntry client, SSLContext tls, ShareSignatures signatures,
            Timings openTimings, Duration connectTimeout, Duration requestTimeout) {
        this.config = config;
        this.client = client;
        this.signatures = signatures;
        AtomicInteger threads = new AtomicInteger();
        this.executor = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "maat-vault-client-" + threads.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        this.http = new VaultHttp(tls, executor, json, connectTimeout, requestTimeout);
        this.tokens = new AccessTokens(http, client.account());
        this.openTimings = openTimings;
    }

    /** Opens the vault in {@code vaultDir} as client {@value #DEFAULT_CLIENT}. */
    public static VaultClient open(Path vaultDir) {
        return open(vaultDir, DEFAULT_CLIENT);
    }

    /**
     * Opens the vault in {@code vaultDir} as client {@code clientName}: reads vault.json and the client's key
     * store; contacts no server yet.
     *
     * @throws VaultException naming the file or client that is missing or damaged
     */
    public static VaultClient open(Path vaultDir, String clientName) {
        return open(vaultDir, clientName, CONNECT_TIMEOUT, REQUEST_TIMEOUT);
    }

    /**
     * Like {@link #open(Path, String)} with other timeouts than 2 s to connect and 5 s per request: the
     * longest a dead or hung server can delay an operation.
     */
    public static VaultClient open(Path vaultDir, String clientName, Duration connectTimeout, Duration requestTimeout) {
        long start = System.nanoTime();
        VaultConfig config = VaultConfig.load(vaultDir);
        ClientEntry client = config.client(clientName);
        SSLContext tls = TlsContexts.client(config, clientName);
        ShareSignatures signatures = new ShareSignatures(config, ClientCredentials.load(config, clientName));
        Timings timings = new Timings();
        timings.add(Phase.CONFIG, System.nanoTime() - start);
        timings.finish(start);
        return new VaultClient(config, client, tls, signatures, timings, connectTimeout, requestTimeout);
    }

    public VaultConfig config() {
        return config;
    }

    /** Who this client is: its name and account in vault.json. */
    public ClientEntry client() {
        return client;
    }

    /** The time {@link #open} took (phase {@link Phase#CONFIG}). */
    public Timings openTimings() {
        return openTimings;
    }

    /** {@link #put(String, String, byte[], PutOptions)} with the defaults: all servers, k = n = quorum. */
    public Timings put(String collection, String name, byte[] secret) {
        return put(collection, name, secret, PutOptions.defaults());
    }

    /**
     * Splits {@code secret} and stores one share on each of the options' n servers.
     *
     * @return where the put spent its time
     * @throws SecretExistsException when the secret exists already (secrets are immutable)
     * @throws SecretNotStoredException when a server was unreachable or refused
     */
    public Timings put(String collection, String name, byte[] secret, PutOptions options) {
        checkName("collection", collection);
        checkName("secret", name);
        if (secret.length == 0) {
            throw new VaultException("cannot store " + collection + "/" + name + ": the secret is empty");
        }
        long started = System.nanoTime();
        PutOptions.Placement placement = options.place(config);
        String what = collection + "/" + name;
        Timings timings = new Timings();
        ServerProblems problems = new ServerProblems();

        List<ServerEndpoint> up = connect(placement.servers(), timings, problems);
        if (up.size() < placement.n()) {
            // Every one of the n servers must take its share; better to stop before claiming anything.
            throw notStored(what, up.size() + " of the " + placement.n() + " servers reachable, a put needs all",
                    problems);
        }
        Map<Integer, String> create = tokens.obtain(up, collection, Action.CREATE, true, timings, problems);
        requireQuorum(what, create, placement, problems);

        ObjectNode spec = json.createObjectNode();
        ArrayNode acs = spec.putArray("acs");
        placement.servers().forEach(s -> acs.add(s.id()));
        spec.put("quorum", placement.quorum());
        // The collection is registered first on the vault's registrar, whose record is the collection's: a put
        // naming other servers is refused there, so every put of a name has one deciding server.
        ServerEndpoint registrar = registrar(config);
        if (!up.contains(registrar) && connect(List.of(registrar), timings, problems).isEmpty()) {
            throw notStored(what, "server " + registrar.id() + ", which registers the vault's collections, is "
                    + "unreachable", problems);
        }
        timings.time(Phase.COLLECTIONS, () -> {
            requireNotHeldElsewhere(what, collection, spec, registrar, problems);
            return null;
        });
        Exchange registered = timings.time(Phase.COLLECTIONS, () -> http.send(registrar, "PUT",
                "/ss/collections/" + collection, spec, create.values()).join());
        if (!registered.ok()) {
            problems.add(registered.server(), registered.status() == 409
                    ? "registers collection " + collection + " with other servers or quorum (" + registered.problem()
                            + "): a put into it uses the collection's own servers"
                    : registered.problem());
            throw notStored(what, "collection " + collection + " is not registered on server " + registrar.id()
                    + " with these servers", problems);
        }
        List<ServerEndpoint> others = up.stream().filter(s -> s.id() != registrar.id()).collect(Collectors.toList());
        List<Exchange> made = new ArrayList<>(timings.time(Phase.COLLECTIONS, () -> http.sendEach(others, server ->
                http.send(server, "PUT", "/ss/collections/" + collection, spec, create.values()))));
        if (up.contains(registrar)) {
            made.add(registered);
        }
        made.stream().filter(e -> !e.ok()).forEach(e -> problems.add(e.server(), e.status() == 409
                ? "holds collection " + collection + " with other ACSs or quorum (" + e.problem() + ")"
                : e.problem()));
        if (made.stream().filter(Exchange::ok).count() < placement.n()) {
            throw notStored(what, "collection " + collection + " is on " + made.stream().filter(Exchange::ok).count()
                    + " of the " + placement.n() + " servers needed", problems);
        }

        Map<Integer, String> write = tokens.obtain(up, collection, Action.WRITE, false, timings, problems);
        requireQuorum(what, write, placement, problems);

        byte[] putId = new byte[16];
        random.nextBytes(putId);
        String put = HexFormat.of().formatHex(putId);
        Map<Integer, ObjectNode> recordOf = new LinkedHashMap<>();
        timings.time(Phase.SHAMIR, () -> {
            List<Share> shares = Shares.split(secret, placement.k(), placement.n(), random);
            for (int i = 0; i < placement.n(); i++) {
                ObjectNode record = ShareRecord.toJson(shares.get(i).ofPut(put));
                signatures.sign(record, collection, name);
                recordOf.put(placement.servers().get(i).id(), record);
            }
            return null;
        });
        // Phase 1: stage every share. Nothing staged is visible to a reader until the put commits.
        List<Exchange> staged = timings.time(Phase.SHARES, () -> http.sendEach(up, server ->
                http.send(server, "PUT", putPath(collection, name, put), recordOf.get(server.id()), write.values())));
        List<ServerEndpoint> existing = new ArrayList<>();
        long stagedCount = 0;
        long after = 0; // the highest epoch of the name applied on a server: the decision must be above it
        for (Exchange e : staged) {
            if (e.ok()) {
                stagedCount++;
                after = Math.max(after, e.body() == null ? 0 : e.body().path("epoch").asLong());
            } else if (e.status() == 409 && "secret-exists".equals(e.code())) {
                existing.add(e.server());
                problems.add(e.server(), "already holds " + what);
            } else {
                problems.add(e);
            }
        }
        if (stagedCount < placement.n()) {
            // Not committed anywhere, so no reader can see it: drop what was staged (with the write tokens in
            // hand, so a server lost since cannot make the abort miss its quorum).
            String undone = "; " + abort(collection, name, put, up, write);
            if (!existing.isEmpty()) {
                return sameOrExists(collection, name, secret, existing, up, write, after, problems, undone, timings,
                        started);
            }
            throw notStored(what, stagedCount + " of the " + placement.n() + " shares staged", problems, undone);
        }

        // Phase 2: the commit on the deciding server is the put's one moment of truth; every share is staged
        // by then, so from that moment on every reader finds all n. It is acknowledged once all n committed it.
        ServerEndpoint decider = decider(placement.servers());
        PutCommit commit = putCommit(collection, name, put, decider, up, write, after);
        PutCommit.Decision decision = timings.time(Phase.SHARES, commit::decide);
        switch (decision.outcome()) {
            case UNKNOWN:
                // It may have committed before the answer was lost: aborting now could take away a secret.
                problems.add(decision.answer());
                throw notStored(what, "server " + decider.id() + ", which decides a put, did not answer its commit,"
                        + " so it may or may not be stored: run the put again (it completes, or reports the secret"
                        + " exists) or delete the secret", problems);
            case REFUSED: {
                String undone = "; " + abort(collection, name, put, up, write);
                if (decision.refusedAs(409, "secret-exists")) {
                    problems.add(decider, "already holds " + what);
                    return sameOrExists(collection, name, secret, List.of(decider), up, write, after, problems,
                            undone, timings, started);
                }
                problems.add(decision.answer());
                if (decision.refusedAs(409, "superseded")) {
                    throw notStored(what, "server " + decider.id() + ", which decides, made a decision about the name "
                            + "(a delete or another put) after this put's shares were staged, so it did not commit "
                            + "it; nothing of it is stored: run the put again", problems, undone);
                }
                throw notStored(what, "server " + decider.id() + " refused to commit it", problems, undone);
            }
            case DECIDED:
            default:
                timings.time(Phase.SHARES, () -> {
                    commit.spread(decision.epoch(), problems);
                    return null;
                });
                timings.finish(started);
                return timings;
        }
    }


    /**
     * The registration's check, before the registrar's record of {@code collection} is trusted as the collection's:
     * when the registrar does not hold it (a first registration), no other server of vault.json may hold it with
     * other servers or another quorum. A registrar restored from a backup older than the collection would otherwise
     * register it again with other servers, and a second put of an existing name would be decided by another
     * server. Every server of vault.json must answer for a first registration; the registrar holding the
     * collection (the normal case) needs nothing more, its own answer to the put's registration decides.
     */
    private void requireNotHeldElsewhere(String what, String collection, ObjectNode spec, ServerEndpoint registrar,
            ServerProblems problems) {
        Map<Integer, Exchange> held = new java.util.TreeMap<>();
        http.sendEach(config.servers(), server -> http.send(server, "GET", "/ss/collections/" + collection, null,
                null)).forEach(e -> held.put(e.server().id(), e));
        Exchange atRegistrar = held.get(registrar.id());
        if (atRegistrar == null || atRegistrar.status() != 404) {
            return; // it holds the collection (its registration answers the put), or the registration fails there
        }
        Set<Integer> wanted = new java.util.TreeSet<>();
        spec.path("acs").forEach(id -> wanted.add(id.asInt()));
        int quorum = spec.path("quorum").asInt();
        List<String> others = new ArrayList<>();
        List<ServerEndpoint> unchecked = new ArrayList<>();
        for (Exchange e : held.values()) {
            if (e.server().id() == registrar.id() || e.status() == 404 || withoutClientCertificates(e)) {
                continue; // holds no such collection (a server that takes no client certificate stores nothing)
            }
            if (!e.ok()) {
                unchecked.add(e.server());
                problems.add(e);
            } else if (!acsOf(e).equals(wanted) || e.body().path("quorum").asInt() != quorum) {
                others.add("server " + e.server().id() + " holds it with servers " + acsOf(e) + " and quorum "
                        + e.body().path("quorum").asInt());
            }
        }
        if (!others.isEmpty()) {
            throw notStored(what, "collection " + collection + " is unknown to server " + registrar.id() + ", which "
                    + "registers the vault's collections, but " + String.join(", ", others) + " (this put names "
                    + "servers " + wanted + " and quorum " + quorum + "): server " + registrar.id() + " may have "
                    + "been restored from a backup older than the collection; put it on the collection's servers, "
                    + "which registers it again there", problems);
        }
        if (!unchecked.isEmpty()) {
            throw notStored(what, "collection " + collection + " is unknown to server " + registrar.id() + ", which "
                    + "registers the vault's collections, and servers " + ServerProblems.ids(unchecked) + " could not "
                    + "say whether they hold it with other servers: a collection's first put needs every server of "
                    + "the vault to answer", problems);
        }
    }

    /**
     * Whether {@code e} is the answer of a server that takes no client certificate (a TLS-only server, such as the
     * one that serves the no-op without a certificate): such a server authenticates no client, so it stores nothing.
     */
    private static boolean withoutClientCertificates(Exchange e) {
        return e.status() == 401 && "no-client-certificate".equals(e.code());
    }

    /**
     * The commit of put {@code put} on the collection's servers {@code servers}, decided on {@code decider} above
     * epoch {@code after} (see {@link PutCommit}).
     */
    private PutCommit putCommit(String collection, String name, String put, ServerEndpoint decider,
            List<ServerEndpoint> servers, Map<Integer, String> write, long after) {
        List<ServerEndpoint> rest = servers.stream().filter(s -> s.id() != decider.id()).collect(Collectors.toList());
        return new PutCommit(http, collection + "/" + name, putPath(collection, name, put),
                "maat vault delete --dir " + config.dir() + " --collection " + collection + " --name " + name,
                decider, rest, write.values(), after);
    }

    /**
     * The server that registers every collection of the vault: the lowest id of vault.json. A collection's first
     * put records its servers and quorum there first, and every later put must name the same.
     */
    static ServerEndpoint registrar(VaultConfig config) {
        return decider(config.servers());
    }

    /**
     * The server whose commit decides every put and delete of a collection: the lowest id of its servers (a
     * collection's servers are fixed by its registration, so every put and delete of a name has the same one).
     */
    static ServerEndpoint decider(List<ServerEndpoint> servers) {
        return servers.stream().min(java.util.Comparator.comparingInt(ServerEndpoint::id)).orElseThrow();
    }

    /**
     * The answer to a put whose name is taken: if the secret stored there is this very secret (a rerun of a put
     * that completed, or that was decided but not committed everywhere: its client died, or a server did not take
     * the commit), the put that stored it is rolled forward ({@link PutCommit}: committed with its decision's epoch
     * on every server where it is only staged) and acknowledged once all n servers hold it committed; if it is
     * another value, {@link SecretExistsException}.
     */
    private Timings sameOrExists(String collection, String name, byte[] secret, List<ServerEndpoint> holders,
            List<ServerEndpoint> servers, Map<Integer, String> write, long after, ServerProblems problems,
            String undone, Timings timings, long started) {
        String what = collection + "/" + name;
        String stored;
        Read found;
        try {
            found = read(collection, name, false, servers);
        } catch (VaultException e) {
            throw new SecretExistsException("cannot store " + what + ": it already exists; secrets are immutable "
                    + "(servers " + ServerProblems.ids(holders) + " hold it) but cannot be read (" + e.getMessage()
                    + "): delete it to start again" + undone, problems.byServer());
        }
        byte[] current = found.retrieval().secret();
        boolean same = java.security.MessageDigest.isEqual(current, secret);
        java.util.Arrays.fill(current, (byte) 0);
        if (!same) {
            throw new SecretExistsException("cannot store " + what + ": it already exists; secrets are immutable "
                    + "(servers " + ServerProblems.ids(holders) + " hold it) with another value" + undone,
                    problems.byServer());
        }
        if (found.put().isEmpty()) {
            // Shares stored without a put id are committed where they are stored (no staging): nothing to finish.
            timings.finish(started);
            return timings;
        }
        ServerEndpoint decider = decider(servers);
        PutCommit commit = putCommit(collection, name, found.put(), decider, servers, write, after);
        PutCommit.Decision decision = timings.time(Phase.SHARES, commit::decide);
        switch (decision.outcome()) {
            case REFUSED:
                problems.add(decision.answer());
                stored = decision.refusedAs(409, "secret-exists")
                        ? "server " + decider.id() + ", which decides, holds another put of it (its store went back?)"
                        : "server " + decider.id() + ", which decides, no longer holds it (a delete decided since was "
                                + "cut short, or its store went back)";
                throw notStored(what, "it is stored with this value on some servers, but " + stored + ": run 'maat "
                        + "vault delete --dir " + config.dir() + " --collection " + collection + " --name " + name
                        + "', then put it again", problems, undone);
            case UNKNOWN:
                problems.add(decision.answer());
                throw notStored(what, "it is stored with this value, but server " + decider.id() + ", which decides, "
                        + "did not answer whether it holds it: run the put again to finish it", problems, undone);
            case DECIDED:
            default:
                timings.time(Phase.SHARES, () -> {
                    commit.spread(decision.epoch(), problems);
                    return null;
                });
                timings.finish(started);
                return timings;
        }
    }

    /** Drops put {@code put}'s staged shares; says what happened, for the put's message. */
    private String abort(String collection, String name, String put, List<ServerEndpoint> servers,
            Map<Integer, String> write) {
        List<Exchange> aborted = http.sendEach(servers,
                server -> http.send(server, "DELETE", putPath(collection, name, put), null, write.values()));
        List<ServerEndpoint> left = aborted.stream().filter(e -> !e.ok() && e.status() != 404)
                .map(Exchange::server).collect(Collectors.toList());
        return left.isEmpty() ? "the shares it staged were dropped again"
                : "nothing of it is visible (servers " + ServerProblems.ids(left) + " keep a staged share that no "
                        + "reader sees, until the next put or a delete of the name)";
    }

    /**
     * Deletes the secret: decided on the collection's deciding server (its share and staged shares go, and the
     * name's epoch moves on), then applied on the collection's other servers with that epoch, which remove the
     * committed share unless a later decision (a put after this delete) is there already. A server without the
     * secret counts as done, so rerunning a delete cut short finishes it.
     *
     * @return how many shares were deleted (0: the secret was nowhere)
     * @throws VaultException naming the servers whose shares could not be deleted, and why
     */
    public int delete(String collection, String name) {
        checkName("collection", collection);
        checkName("secret", name);
        String what = collection + "/" + name;
        Timings timings = new Timings();
        ServerProblems problems = new ServerProblems();
        List<ServerEndpoint> up = connect(config.servers(), timings, problems);
        Map<Integer, String> delete = tokens.obtain(up, collection, Action.DELETE, false, timings, problems);
        if (delete.isEmpty()) {
            throw new VaultException("cannot delete " + what + ": no access-control server granted a delete token; "
                    + problems.describe());
        }
        List<ServerEndpoint> asked = reachable(up, problems);
        // Each server's epoch for the name, asked beside its record of the collection's servers: the delete is
        // decided above the highest (as a put's commit is above the epochs its stages met), so a deciding server
        // whose store went back decides it above the decisions the others applied, whatever its clock says.
        List<CompletableFuture<Exchange>> epochs = asked.stream().map(server -> http.send(server, "GET",
                secretPath(collection, name) + "/epoch", null, delete.values())).collect(Collectors.toList());
        List<List<ServerEndpoint>> registrations = collectionServers(collection, asked, problems);
        long after = epochs.stream().map(CompletableFuture::join).filter(Exchange::ok)
                .mapToLong(e -> e.body().path("epoch").asLong()).max().orElse(0);
        if (registrations.isEmpty()) {
            if (!problems.isEmpty()) {
                throw new VaultException("cannot delete " + what + ": no server that answered holds collection "
                        + collection + "; " + problems.describe());
            }
            return 0;
        }
        // One registration normally. Servers recording the collection with different servers (a registrar restored
        // from an old backup registered it again) each had their own deciding server: the delete is decided on each.
        int deleted = 0;
        for (List<ServerEndpoint> servers : registrations) {
            deleted += delete(what, collection, name, servers, delete, after, problems);
        }
        return deleted;
    }

    /**
     * The delete on one registration of the collection: decided on its deciding server above epoch {@code after},
     * applied on the others.
     */
    private int delete(String what, String collection, String name, List<ServerEndpoint> servers,
            Map<Integer, String> delete, long after, ServerProblems problems) {
        ServerEndpoint decider = decider(servers);
        if (problems.unreachable(decider.id())) {
            throw new VaultException("cannot delete " + what + ": server " + decider.id() + ", which decides it, is "
                    + "unreachable; nothing was deleted; " + problems.describe());
        }
        Exchange decision = http.send(decider, "DELETE", secretPath(collection, name) + "?after=" + after, null,
                delete.values()).join();
        if (!decision.ok()) {
            problems.add(decision);
            if (decision.status() == 409 && "superseded".equals(decision.code())) {
                throw new VaultException("cannot delete " + what + ": server " + decider.id() + ", which decides it, "
                        + "decided a put of it after this delete asked the servers' epochs; nothing was deleted (the "
                        + "later put stands): run the delete again to delete that value; " + problems.describe());
            }
            throw new VaultException("cannot delete " + what + ": server " + decider.id() + ", which decides it, did "
                    + "not; " + problems.describe());
        }
        int deleted = decision.body().path("removed").asBoolean() ? 1 : 0;
        // The other servers drop the staged shares of every put deleted there, not only this one's: a share of an
        // older put left staged (its commit never arrived) is what a server restored with that put would complete.
        List<String> puts = new ArrayList<>();
        decision.body().path("puts").forEach(p -> puts.add(p.asText()));
        if (puts.isEmpty() && decision.body().hasNonNull("put")) {
            puts.add(decision.body().get("put").asText());
        }
        String query = "?epoch=" + decision.body().path("epoch").asLong()
                + (puts.isEmpty() ? "" : "&put=" + String.join(",", puts));
        List<ServerEndpoint> rest = servers.stream().filter(s -> s.id() != decider.id())
                .collect(Collectors.toList());
        List<Exchange> answers = http.sendEach(reachable(rest, problems),
                server -> http.send(server, "DELETE", secretPath(collection, name) + query, null, delete.values()));
        ServerProblems failed = new ServerProblems(); // only the collection's servers count
        rest.stream().filter(s -> problems.unreachable(s.id()))
                .forEach(s -> failed.add(s, problems.byServer().get(s.id())));
        for (Exchange e : answers) {
            if (e.ok()) {
                deleted++;
            } else if (e.status() != 404 && !(e.status() == 409 && "superseded".equals(e.code()))) {
                failed.add(e);
            }
        }
        if (!failed.isEmpty()) {
            throw new VaultException("cannot delete " + what + " everywhere (" + deleted + " shares deleted; the "
                    + "deciding server " + decider.id() + " has deleted it, run the delete again to finish); "
                    + failed.describe());
        }
        return deleted;
    }

    /**
     * The servers of {@code collection}, as the servers of {@code up} that hold it record them: one registration
     * (the registrar fixed them), or several when a registrar restored from an old backup registered it again with
     * other servers; empty when none of them holds it.
     */
    private List<List<ServerEndpoint>> collectionServers(String collection, List<ServerEndpoint> up,
            ServerProblems problems) {
        Set<Set<Integer>> recorded = new java.util.LinkedHashSet<>();
        for (Exchange e : http.sendEach(up, server -> http.send(server, "GET", "/ss/collections/" + collection,
                null, null))) {
            if (e.ok()) {
                recorded.add(acsOf(e));
            } else if (e.status() != 404) {
                problems.add(e);
            }
        }
        return recorded.stream().map(ids -> ids.stream().map(config::server).collect(Collectors.toList()))
                .collect(Collectors.toList());
    }

    /**
     * The collection's servers recorded by the server that gave {@code answer} to a share's GET, which carries them
     * ({@code "collection"}) in its share, its {@code no-such-secret} and its refusals of the read's tokens; empty
     * when the answer has none (the server does not hold the collection, or did not get as far).
     */
    private static Optional<Set<Integer>> recordIn(Exchange answer) {
        JsonNode record = answer.body() == null ? null : answer.body().get("collection");
        if (record == null || !record.isObject() || !record.path("acs").isArray()) {
            return Optional.empty();
        }
        Set<Integer> ids = new java.util.TreeSet<>();
        record.path("acs").forEach(id -> ids.add(id.asInt()));
        return Optional.of(ids);
    }

    /** The collection's servers a {@code GET /ss/collections/{c}} answer records. */
    private static Set<Integer> acsOf(Exchange answer) {
        Set<Integer> ids = new java.util.TreeSet<>();
        answer.body().path("acs").forEach(id -> ids.add(id.asInt()));
        return ids;
    }

    /** The secret's bytes; see {@link #read}. */
    public byte[] get(String collection, String name) {
        return read(collection, name).secret();
    }

    /**
     * Reads the secret: tokens from every ACS that grants one, shares from every storage server (every answer
     * waited for), k of them that agree; never one of two values stored under the name ({@link CommittedPuts}).
     *
     * @throws NoSuchSecretException when every storage server that answered has no such secret
     * @throws SecretUnavailableException when fewer than k good shares could be had
     * @throws ConflictingValuesException when two values are stored under the name
     */
    public Retrieval read(String collection, String name) {
        return read(collection, name, false, config.servers()).retrieval();
    }

    /**
     * Like {@link #read}, but waits for every storage server's share (each bounded by the timeouts) and
     * checks each against the recovered secret, so {@link Retrieval#problems()} names every server whose
     * share is missing, damaged or disagrees: an operator's check that the vault still has its redundancy.
     */
    public Retrieval audit(String collection, String name) {
        return read(collection, name, true, config.servers()).retrieval();
    }

    /** A read's result, and the id of the put whose shares gave it ("" for shares stored without one). */
    private record Read(Retrieval retrieval, String put) {}

    private Read read(String collection, String name, boolean everyShare, List<ServerEndpoint> servers) {
        long started = System.nanoTime();
        checkName("collection", collection);
        checkName("secret", name);
        String what = collection + "/" + name;
        Timings timings = new Timings();
        ServerProblems problems = new ServerProblems();

        List<ServerEndpoint> up = connect(servers, timings, problems);
        Map<Integer, String> read = tokens.obtain(up, collection, Action.READ, false, timings, problems);
        if (read.isEmpty()) {
            throw new SecretUnavailableException("cannot read " + what + ": no access-control server granted a read"
                    + " token; " + problems.describe(), problems.byServer());
        }

        ShareSet shares = new ShareSet();
        List<ServerEndpoint> absent = new ArrayList<>();
        Decisions decisions = new Decisions(); // each answer's decision epoch: the read follows the latest
        Set<String> committedPuts = new java.util.TreeSet<>(); // puts seen committed: decided, so staged everywhere
        int otherAnswers = 0; // refusals: with any, "no such secret" would be a guess
        long start = System.nanoTime();
        long combining = 0;
        BlockingQueue<Exchange> answers = new LinkedBlockingQueue<>();
        List<CompletableFuture<Exchange>> pending = new ArrayList<>();
        for (ServerEndpoint server : reachable(up, problems)) {
            pending.add(http.send(server, "GET", secretPath(collection, name), null,
                    read.values()).whenComplete((e, error) -> answers.add(e)));
        }
        // Every answering server's committed share is waited for, and with it (in the same answer, refused or not)
        // its record of the collection's servers: a second committed put, or a server recording other servers for
        // the collection, must be seen before a value is returned. One request per server, so the slowest answer.
        CommittedPuts committed = new CommittedPuts();
        List<ServerEndpoint> unrecorded = new ArrayList<>(); // answered without their record
        for (int received = 0; received < pending.size(); received++) {
            Exchange answer = take(answers);
            Optional<Set<Integer>> record = recordIn(answer);
            if (record.isPresent()) {
                committed.recorded(answer.server().id(), record.get());
            } else if (answer.answered() && answer.status() != 404) {
                unrecorded.add(answer.server());
            }
            if (answer.ok()) {
                try {
                    signatures.verify(answer.body(), collection, name);
                    Share share = ShareRecord.fromJson(answer.body());
                    committed.committed(answer.server().id(), share.put());
                    decisions.put(answer.server(), share, answer.body().path("epoch").asLong(0));
                } catch (IllegalArgumentException bad) {
                    shares.reject(answer.server().id(), bad.getMessage());
                }
            } else if (answer.status() == 404) {
                absent.add(answer.server());
                committed.absent(answer.server().id());
                decisions.delete(answer.body() == null ? 0 : answer.body().path("epoch").asLong(0));
            } else {
                if (answer.answered()) {
                    otherAnswers++;
                }
                if (answer.status() == 401 || answer.code().startsWith("wrong-")) {
                    tokens.forget(collection, Action.READ); // a token refused as invalid is not offered again
                }
                problems.add(answer);
            }
        }
        // A server that answered without its record (a failure before it found the collection, or a server that
        // does not send it) is asked for it alone, off the hot path: the check sees every record that can be had.
        for (Exchange e : http.sendEach(unrecorded, server -> http.send(server, "GET", "/ss/collections/" + collection,
                null, null))) {
            if (e.ok()) {
                committed.recorded(e.server().id(), acsOf(e));
            }
        }
        committed.requireOneValue(what, collection, problems);
        // Only the latest decision's shares are combined: a server restored from an old backup holds an older put,
        // and however many such servers answer, they never outvote a later put or delete.
        List<ServerEndpoint> stale = new ArrayList<>();
        for (Decisions.Held held : decisions.shares()) {
            if (decisions.isLatest(held)) {
                shares.add(held.server().id(), held.share());
                if (!held.share().put().isEmpty()) {
                    committedPuts.add(held.share().put());
                }
            } else {
                stale.add(held.server());
                problems.add(held.server(), "holds an older value of " + what + " (" + decisions.describe(held)
                        + "), superseded by " + decisions.describeLatest() + ": its store went back (restored from "
                        + "a backup?)");
            }
        }
        absent.addAll(stale); // asked for the latest put's staged share below, like a server without a share
        Optional<byte[]> secret = Optional.empty();
        if (shares.ready()) {
            long before = System.nanoTime();
            secret = shares.recover();
            combining += System.nanoTime() - before;
        }
        if ((secret.isEmpty() || everyShare) && !committedPuts.isEmpty() && !absent.isEmpty()) {
            // A put committed on one server was staged on all before: a server without a committed share may
            // hold that put's share staged (its client died between the commits, or it was down for its commit).
            for (String put : committedPuts) {
                List<Exchange> staged = http.sendEach(List.copyOf(absent), server ->
                        http.send(server, "GET", putPath(collection, name, put), null, read.values()));
                for (Exchange answer : staged) {
                    if (!answer.ok()) {
                        continue;
                    }
                    absent.remove(answer.server());
                    try {
                        signatures.verify(answer.body(), collection, name);
                        shares.add(answer.server().id(), ShareRecord.fromJson(answer.body()));
                    } catch (IllegalArgumentException bad) {
                        shares.reject(answer.server().id(), bad.getMessage());
                    }
                }
            }
            if (secret.isEmpty() && shares.ready()) {
                long before = System.nanoTime();
                secret = shares.recover();
                combining += System.nanoTime() - before;
            }
        }
        absent.removeAll(stale);
        absent.forEach(server -> problems.add(server, "has no " + what));
        connected.removeIf(problems::unreachable);
        if (everyShare && secret.isPresent()) {
            long before = System.nanoTime();
            secret = shares.recover(); // again, now with every share: each one that disagrees is rejected
            combining += System.nanoTime() - before;
        }
        timings.add(Phase.SHARES, System.nanoTime() - start - combining);
        timings.add(Phase.SHAMIR, combining);
        shares.rejected().forEach((id, why) -> problems.add(config.server(id), why));
        for (Map.Entry<Integer, String> bad : shares.rejected().entrySet()) {
            LOG.warn("vault secret {}: {} {}", what, config.server(bad.getKey()).describe(), bad.getValue());
        }
        if (secret.isPresent()) {
            timings.finish(started);
            return new Read(new Retrieval(secret.get(), timings, problems.byServer()), shares.recoveredPut());
        }
        if (shares.threshold() == 0 && !absent.isEmpty() && otherAnswers == 0 && shares.rejected().isEmpty()) {
            throw new NoSuchSecretException("cannot read " + what + ": no such secret; " + problems.describe(),
                    problems.byServer());
        }
        if (decisions.latestIsDelete() && otherAnswers == 0 && shares.rejected().isEmpty()) {
            throw new NoSuchSecretException("cannot read " + what + ": no such secret (" + decisions.describeLatest()
                    + " is the latest decision the servers report); " + problems.describe(), problems.byServer());
        }
        String count = shares.threshold() == 0 ? (shares.rejected().isEmpty() ? "no share received" : "no usable share")
                : shares.usable() >= shares.threshold() ? shares.disagreement()
                : shares.usable() + " of the " + shares.threshold() + " shares needed";
        if (decisions.latestIsPut() && decisions.olderSeen()) {
            count = "the latest decision the servers report is " + decisions.describeLatest() + ", and " + count
                    + " of it could be had (an older value is never returned in its place)";
        }
        throw new SecretUnavailableException("cannot read " + what + ": " + count + "; " + problems.describe(),
                problems.byServer());
    }

    /**
     * The servers of {@code servers} that answer: those this client has not talked to yet get a no-op
     * request first, timed as {@link Phase#CONNECT} (connection and TLS handshake); the connection is then
     * kept for the requests that follow. A server that fails is recorded in {@code problems} and left out.
     */
    private List<ServerEndpoint> connect(List<ServerEndpoint> servers, Timings timings, ServerProblems problems) {
        List<ServerEndpoint> fresh = servers.stream().filter(s -> !connected.contains(s.id())).collect(Collectors.toList());
        if (!fresh.isEmpty()) {
            List<Exchange> noops = timings.time(Phase.CONNECT,
                    () -> http.sendEach(fresh, server -> http.send(server, "GET", "/ss/noop", null, null)));
            for (Exchange e : noops) {
                if (e.ok()) {
                    connected.add(e.server().id());
                } else {
                    problems.add(e);
                }
            }
        }
        return reachable(servers, problems);
    }

    /**
     * The servers of {@code servers} that answered every request of this operation so far; the others'
     * connections are forgotten, so that reaching them again is timed as {@link Phase#CONNECT}.
     */
    private List<ServerEndpoint> reachable(List<ServerEndpoint> servers, ServerProblems problems) {
        connected.removeIf(problems::unreachable);
        return servers.stream().filter(s -> !problems.unreachable(s.id())).collect(Collectors.toList());
    }

    private static void requireQuorum(String what, Map<Integer, String> granted,
            PutOptions.Placement placement, ServerProblems problems) {
        if (granted.size() < placement.quorum()) {
            throw notStored(what, "tokens from " + granted.size() + " of the " + placement.quorum()
                    + " access-control servers needed", problems);
        }
    }

    private static SecretNotStoredException notStored(String what, String why, ServerProblems problems) {
        return notStored(what, why, problems, "");
    }

    private static SecretNotStoredException notStored(String what, String why, ServerProblems problems, String undone) {
        return new SecretNotStoredException("cannot store " + what + ": " + why
                + (problems.isEmpty() ? "" : "; " + problems.describe()) + undone, problems.byServer());
    }

    private static Exchange take(BlockingQueue<Exchange> answers) {
        try {
            return answers.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new VaultException("interrupted while waiting for the vault's storage servers", e);
        }
    }

    private static String putPath(String collection, String name, String put) {
        return secretPath(collection, name) + "/puts/" + put;
    }

    private static String secretPath(String collection, String name) {
        return "/ss/collections/" + collection + "/secrets/" + name;
    }

    private static void checkName(String kind, String name) {
        if (name == null || !VaultConfig.NAME.matcher(name).matches()) {
            throw new VaultException("bad " + kind + " name '" + name + "': names are " + VaultConfig.NAME_RULE);
        }
    }

    /** Releases the client's threads; connections close with them. */
    @Override
    public void close() {
        executor.shutdownNow();
    }
}
