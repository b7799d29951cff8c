package org.maat.frontend.app;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.maat.core.access.AccessExplanation;
import org.maat.core.access.DocumentAccess;
import org.maat.core.accounts.AccountStore;
import org.maat.core.conduit.Document;
import org.maat.core.data.DataSet;
import org.maat.core.search.QueryBudget;
import org.maat.core.search.QueryComposer;
import org.maat.core.search.QueryTimedOutException;
import org.maat.core.search.QueryTooExpensiveException;
import org.maat.core.search.SearchHit;
import org.maat.core.search.Snippets;
import org.maat.core.shard.FanOut;
import org.maat.core.shard.ShardHit;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardRefusedException;
import org.maat.core.task.DocumentReader;
import org.maat.core.task.Incidents;
import org.maat.core.task.Monitor;
import org.maat.core.task.Monitoring;
import org.maat.core.task.ResultChannel;
import org.maat.core.task.TaskBoundary;
import org.maat.core.task.TaskFailedException;
import org.maat.core.task.TaskGate;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.monitor.Payload;
import org.maat.policy.monitor.PolicyViolation;
import org.maat.policy.monitor.ReferenceMonitor;
import org.maat.policy.monitor.TaskMode;
import org.maat.policy.templates.PolicyTemplates;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The search front-end without its web layer: sign-in, search over every shard, personal ranking,
 * document view, the employees' MAL access and the search history, for one data directory (which
 * it owns: it appends to the MAL log and writes profiles) and one set of shards.
 *
 * <p>What the monitor guarantees here (under {@link Monitoring#REFERENCE_MONITOR}):
 * <ul>
 *   <li>every document text shown (titles, snippets, a document) comes from a checked read in an
 *       unconfined task of the user's session: a document the session may not read is refused
 *       before a byte of it is seen;</li>
 *   <li>each session has its own confined task; history is read only in it, and what it writes
 *       (the ranked list, history pages) goes only to the user's own {@code profile/*} conduits;
 *       history never goes to shards or to another session;</li>
 *   <li>a search's failure is shown in runtime words only: a search task's exception never reaches a page
 *       (the task boundary replaced it), and a shard's error is named with an incident id, not repeated;</li>
 *   <li>the hits of a search, and the total shown with them, reach the user only through one crossing: a
 *       result channel of the session task's {@link TaskBoundary}, which checks every id against the session's
 *       read policy and delivers the list in one step; an id a faulty shard should not have released (censored
 *       in the user's region, private to another user), anywhere in its answer, refuses the whole search in the
 *       runtime's words, which name no document; a hit's line is then a checked read of a released id.</li>
 * </ul>
 * Thread-safe.
 */
public final class Frontend implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Frontend.class);

    /** Longest query accepted, in characters. */
    public static final int MAX_QUERY_CHARS = 500;
    /** Most hits one search shows. */
    public static final int MAX_K = 100;
    /** Deepest a page may reach: {@code start + k} at most this (what one shard returns at most). */
    public static final int MAX_DEPTH = ShardQuery.MAX_K;
    /**
     * Hits counted for a search's total: the shards are asked for this many, or for one past the page
     * when it reaches further (so that a page at the count still knows whether a next one exists); when
     * the shards had more hits than were asked for, the total is shown as "at least" ("200+").
     */
    public static final int COUNTED = 200;
    /**
     * The refusal of a search whose hits the monitor would not release to the session: runtime text that names
     * no document, whichever id was refused.
     */
    public static final String UNRELEASED = "the search was refused: a shard answered with a document you may not "
            + "read, and nothing of its answer is shown";
    /** Longest MAL reason, in characters. */
    public static final int MAX_REASON_CHARS = 500;

    private final DataSet data;
    private final FanOut shards;
    private final AccountStore accounts;
    private final Monitor monitor;
    private final SearchHistory history;
    private final PolicyId channelPolicy;
    private final DocumentAccess access;
    private final SignedInSessions signedIn = new SignedInSessions();

    /**
     * @param data   the data directory, opened by its owner ({@link DataSet#open})
     * @param shards the shards to search
     * @param monitoring {@link Monitoring#NONE} for the {@code --no-policy} baseline: the same code with no monitor
     */
    public Frontend(DataSet data, FanOut shards, AccountStore accounts, Monitoring monitoring) {
        this.data = data;
        this.shards = shards;
        this.accounts = accounts;
        this.channelPolicy = data.engine().intern(PolicyTemplates.policy("private"));
        this.history = new SearchHistory(data.dir(), data.engine().intern(PolicyTemplates.policy("history")));
        this.monitor = monitoring.monitor(() -> new ReferenceMonitor(data.engine(), data.policies()));
        this.access = new DocumentAccess(data, monitor);
    }

    public boolean monitored() {
        return monitor.monitored();
    }

    public SearchHistory histories() {
        return history;
    }

    /** A new session for {@code user} if the password is right; {@code region} as the region map placed the client. */
    public Optional<UserSession> login(String user, String password, String region) {
        if (user == null || user.isBlank() || user.length() > 100 || !accounts.authenticate(user, password)) {
            return Optional.empty();
        }
        Session session = Session.of(user, region);
        UserSession opened = new UserSession(session, monitor.open(session, TaskMode.CONFINED), channelPolicy);
        signedIn.add(opened);
        return Optional.of(opened);
    }

    /** Whether {@code password} is {@code user}'s: what an account disguise asks again before it runs. */
    boolean passwordMatches(String user, String password) {
        return password != null && accounts.authenticate(user, password);
    }

    /** Ends every open session of {@code user} (their account was just disguised); returns how many. */
    int endSessions(String user) {
        return signedIn.closeAll(user);
    }

    /** The first page of {@link #search(UserSession, String, int, int)}. */
    public SearchResult search(UserSession user, String query, int k) throws IOException {
        return search(user, query, 0, k);
    }

    /**
     * Runs {@code query} on every shard for the session, ranks the merged hits with the user's history
     * and returns the page of {@code k} hits from rank {@code start} (0-based) with titles and snippets,
     * and the total the session may read. The shards are asked for {@link #COUNTED} hits (one past the
     * page when it reaches further). The merged hits reach the user through one crossing, the session task's
     * {@link TaskBoundary}, which checks every id against the session's read policy and delivers the list in
     * the same step; the page and the total come from what it delivered. A faulty shard's id the session may
     * not read, anywhere in its answer, refuses the search with {@link #UNRELEASED}, which names no document.
     * The query goes to the user's history only if the search succeeded, and only for the first
     * page: a refused, rejected or unanswered search leaves no entry.
     *
     * @throws RequestException 400 for a malformed, over-long or too expensive query ({@link QueryBudget}),
     *         a k outside 1..{@link #MAX_K} or a page beyond {@link #MAX_DEPTH}, 403 if a monitor refused,
     *         503 if a shard could not be reached on any replica or the query ran past a shard's time budget
     */
    public SearchResult search(UserSession user, String query, int start, int k) throws IOException {
        return search(user, query, start, k, History.RECORD);
    }

    /**
     * Whether a search or a view goes to the user's history. The web layer records only what the user's own
     * browser asked for ({@code WebCheckpoint}): a cross-site GET must not change what the history holds.
     */
    public enum History {
        RECORD, SKIP
    }

    /** {@link #search(UserSession, String, int, int)}, recording the query only if {@code recording} says so. */
    public SearchResult search(UserSession user, String query, int start, int k, History recording) throws IOException {
        String q = checkQuery(query);
        if (k < 1 || k > MAX_K) {
            throw RequestException.badRequest("k must be between 1 and " + MAX_K + ", not " + k);
        }
        if (start < 0 || start > MAX_DEPTH - k) {
            throw RequestException.badRequest("start must be between 0 and " + (MAX_DEPTH - k) + " for k=" + k
                    + " (a page reaches at most rank " + MAX_DEPTH + "), not " + start);
        }
        Query parsed = QueryComposer.standard().compose(q, Optional.empty());
        if (parsed instanceof MatchNoDocsQuery) {
            throw RequestException.badRequest("the query has no searchable words: '" + q + "'");
        }
        try {
            QueryBudget.check(parsed);
        } catch (QueryTooExpensiveException e) {
            throw RequestException.badRequest(e.getMessage());
        }
        checkOpen(user);
        // One past the page, so that "N+" always promises a next page; never past what a shard returns.
        int asked = Math.min(MAX_DEPTH, Math.max(COUNTED, start + k + 1));
        List<ShardHit> merged;
        try {
            merged = shards.search(new ShardQuery(user.user(), user.region().orElse(null), q, asked));
        } catch (ShardRefusedException e) {
            throw RequestException.refused("the search was refused: a shard's monitor would not release its results");
        } catch (QueryTimedOutException e) {
            throw RequestException.unavailable(e.getMessage()); // the runtime's words, from the budget alone
        } catch (TaskFailedException e) {
            // In process: the task boundary's runtime text. The task's own exception never reaches this page.
            throw new RequestException(500, "failed", e.getMessage());
        } catch (QueryTooExpensiveException e) {
            throw RequestException.badRequest(e.getMessage()); // in process: the runtime's words, from the query
        } catch (IllegalArgumentException e) {
            // A shard's rejection or failure is shown in the front-end's own words. What the shard said is not
            // kept anywhere: a faulty shard could have put a task's data in it. Its own log has the details.
            throw RequestException.badRequest("a shard could not run this query (incident " + logged(e) + ")");
        } catch (IOException | RuntimeException e) {
            throw RequestException.unavailable("the search index is unavailable (incident " + logged(e) + ")");
        }
        // A shard answers from the index it last published; a document removed since (an account
        // disguise) may still be among its hits until it sees the next publication. Such a hit names no
        // document any more: it is dropped here, before anything is written or read for it.
        // A hit named twice is one hit (the first, best-ranked): a faulty shard repeating one cannot set the total.
        // Whether the total is exact is judged on what remains, so ids naming no document cannot set it either
        // (just after a disguise, a total may then say exact while one more hit is out of reach).
        Set<String> seen = new HashSet<>();
        merged = merged.stream().filter(h -> seen.add(h.id())).filter(h -> document(h.id()).isPresent()).toList();
        boolean exact = merged.size() < asked;
        List<String> ranked;
        try {
            ranked = Personalizer.rerank(merged, history.read(user.gate(), user.user())).stream()
                    .map(ShardHit::id).toList();
        } catch (PolicyViolation e) {
            throw refusal(user, e);
        }
        // The one crossing of the hits to the user: the session task's boundary checks the list id by id against
        // the session's read policy (whatever the task read) and the monitor's write under its taint, and delivers
        // it in the same step. The page and the total are built from what the channel delivered, nothing else: a
        // number or a line about a document the session may not read has no way to the user.
        List<String> released = released(user, ranked);
        List<String> page = released.subList(Math.min(start, released.size()), Math.min(start + k, released.size()));
        // The total is the count of ids the boundary released: the release is all or nothing, so a faulty shard's
        // unreadable id refuses the search above instead of being counted, left out or named.
        int readable = released.size();
        // The page's hits are read: a hit the monitor refuses refuses the page (it never filters silently).
        List<SearchHit> lines = checkedReads(user, (task, reader) -> new Snippets(reader).hits(page, parsed));
        List<SearchResult.Hit> hits = new ArrayList<>(lines.size());
        for (SearchHit h : lines) {
            hits.add(new SearchResult.Hit(start + h.rank(), h.id(), h.title(), h.snippet()));
        }
        // Only now, with every shard answered and every hit's read allowed: a search that was refused,
        // rejected or unanswered is no search the user ran, and its query has no place in the history.
        // A later page of the same search is the same search: recorded once.
        if (start == 0 && recording == History.RECORD) {
            try {
                this.history.recordQuery(user.gate(), user.session(), q);
            } catch (PolicyViolation e) {
                throw refusal(user, e);
            }
        }
        return new SearchResult(q, start, k, readable, exact, hits);
    }

    /**
     * The document {@code id}, read with a checked read for the session; the view goes to the history.
     *
     * @throws RequestException 404 for an unknown id, 403 if the monitor refused the read
     */
    public Document document(UserSession user, String id) throws IOException {
        return document(user, id, History.RECORD);
    }

    /** {@link #document(UserSession, String)}, recording the view only if {@code recording} says so. */
    public Document document(UserSession user, String id, History recording) throws IOException {
        Conduit conduit = conduit(id);
        checkOpen(user);
        Document doc = checkedReads(user, (task, reader) -> reader.read(conduit.id()).document());
        if (recording == History.SKIP) {
            return doc;
        }
        try {
            history.recordView(user.gate(), user.session(), conduit.id());
        } catch (PolicyViolation e) {
            throw refusal(user, e);
        }
        return doc;
    }

    /**
     * The document {@code id} and what the pages say about its access: read with a checked read for the
     * session (as {@link #document}), then the monitor's explanation of that read (the rule and literals
     * that allowed it) and, for the owner, who may read it.
     *
     * @throws RequestException 404 for an unknown id, 403 if the monitor refused the read
     */
    public Viewed view(UserSession user, String id) throws IOException {
        return view(user, id, History.RECORD);
    }

    /** {@link #view(UserSession, String)}, recording the view only if {@code recording} says so. */
    public Viewed view(UserSession user, String id, History recording) throws IOException {
        Document doc = document(user, id, recording);
        return new Viewed(doc, access.of(user.session(), conduit(id)));
    }

    /** A document and the explanation of its access shown beside it. */
    public record Viewed(Document document, AccessExplanation access) {
    }

    /**
     * "Why can't I see this document": the monitor's explanation of the session's read of {@code id} and who
     * may read it, only when the session's user owns the document ({@link DocumentAccess#forOwner}). For any
     * other id, one refusal with {@link DocumentAccess#NOT_EXPLAINED}, the same for a document that exists
     * (readable or not) and for one that does not: the answer tells no more about which ids exist than
     * {@link #document}'s 403/404 does, and nothing about another user's policy. Nothing is read.
     *
     * @throws RequestException 403 with {@link DocumentAccess#NOT_EXPLAINED} unless the user owns the document
     */
    public AccessExplanation whyNot(UserSession user, String id) {
        checkOpen(user);
        return access.forOwner(user.session(), id)
                .orElseThrow(() -> RequestException.refused(DocumentAccess.NOT_EXPLAINED));
    }

    /** Whether {@code user} is an employee (who reads protected documents only under MAL). */
    public boolean isEmployee(UserSession user) {
        return data.manifest().employees().contains(user.user());
    }

    /**
     * The employee's stated reason for reading {@code id}, appended to the MAL log (forced to disk)
     * before it returns; afterwards the employee's read of {@code id} is allowed where its policy
     * admits employees under MAL.
     *
     * @throws RequestException 403 for a non-employee, 400 for a missing or over-long reason, 404 for an unknown id
     */
    public void recordMalAccess(UserSession user, String id, String reason) throws IOException {
        checkOpen(user);
        if (!isEmployee(user)) {
            throw RequestException.refused("only employees record accesses in the mandatory access log");
        }
        Conduit conduit = conduit(id);
        if (reason == null || reason.isBlank()) {
            throw RequestException.badRequest("state a reason for reading " + conduit.id());
        }
        if (reason.length() > MAX_REASON_CHARS || reason.chars().anyMatch(c -> Character.isISOControl(c) && c != '\t')) {
            throw RequestException.badRequest("the reason must be one line of at most " + MAX_REASON_CHARS
                    + " characters");
        }
        data.malLog().append(user.user(), conduit.id(), reason.strip());
    }

    /**
     * The user's own history, oldest first: read in the session's task and written to the user's
     * channel, a flow the history policy allows only to the user's own {@code profile/*} conduits.
     */
    public List<SearchHistory.Entry> history(UserSession user) throws IOException {
        checkOpen(user);
        try {
            List<SearchHistory.Entry> entries = history.read(user.gate(), user.user());
            user.gate().write(user.channel(), user.session(), Payload.data());
            return entries;
        } catch (PolicyViolation e) {
            throw refusal(user, e);
        }
    }

    /** The queries of {@link #history}, oldest first. */
    public List<SearchHistory.Entry> queries(UserSession user) throws IOException {
        return history(user).stream().filter(e -> e.query() != null).toList();
    }

    /**
     * {@code ranked} released to the session through a result channel of its task's {@link TaskBoundary}, checked
     * and delivered in one step; returns what the channel delivered.
     *
     * @throws RequestException 403 in the runtime's words if the monitor refused the release: the monitor's
     *         explanation only when the refused conduit is the user's own, else one text naming no document (the
     *         refused id came from a shard, not from the user, and the session may not learn it)
     */
    private List<String> released(UserSession user, List<String> ranked) {
        TaskBoundary boundary = new TaskBoundary(user.gate(), "the search");
        ResultChannel results = boundary.channel(user.channel(), user.session(), null);
        try {
            boundary.run(() -> {
                results.writeIds(ranked);
                return null;
            });
        } catch (PolicyViolation e) {
            throw RequestException.refused(UNRELEASED); // the boundary's refusal names nothing of the list
        } catch (TaskFailedException e) {
            throw new RequestException(500, "failed", e.getMessage());
        }
        return results.deliveredIds();
    }

    private interface ReadBody<T> {
        T run(TaskGate task, DocumentReader reader) throws IOException;
    }

    /** Runs {@code body} with documents read in an unconfined task of the session: every read is checked. */
    private <T> T checkedReads(UserSession user, ReadBody<T> body) throws IOException {
        try (TaskGate task = monitor.open(user.session(), TaskMode.UNCONFINED)) {
            return body.run(task, new DocumentReader(task, data.policies(), data.documents()));
        } catch (PolicyViolation e) {
            throw refusal(user, e);
        }
    }

    /**
     * A refusal as the user sees it: the monitor's explanation when the refused conduit is the user's
     * own (a document they own, their own history), a plain refusal otherwise, since explaining a
     * rule over someone else's data would tell the user about it.
     */
    private RequestException refusal(UserSession user, PolicyViolation e) {
        Optional<Conduit> refused = data.policies().find(e.conduitId());
        String owner = ownerOf(user, e);
        if (user.user().equals(owner)) {
            return RequestException.refused(e.getMessage());
        }
        String hint = isEmployee(user) && refused.isPresent()
                ? " (employees: state a reason for reading it first)" : "";
        return RequestException.refused("you may not read " + (refused.isPresent() ? "document " + e.conduitId()
                : "this") + hint);
    }

    /** The owner of the conduit {@code e} refused: from the policy store, or the user for their own profile conduits. */
    private String ownerOf(UserSession user, PolicyViolation e) {
        return data.policies().find(e.conduitId()).map(Conduit::owner)
                .orElseGet(() -> e.conduitId().startsWith("profile/" + user.user() + "/") ? user.user() : null);
    }

    private Conduit conduit(String id) {
        if (id == null || !id.matches("d[0-9]{1,18}")) {
            throw RequestException.notFound("no document '" + abbreviate(id) + "': ids look like d12");
        }
        return data.policies().find(id).filter(c -> data.documents().get(id).isPresent())
                .orElseThrow(() -> RequestException.notFound("no document " + id));
    }

    /** The conduit of {@code id} if it is a document now: in the policy store, with its text in the document store. */
    private Optional<Conduit> document(String id) {
        return data.policies().find(id).filter(c -> data.documents().contains(id));
    }

    /**
     * Logs that a shard call failed, naming only the kind of failure (never its text, which a faulty shard
     * may have filled with a task's data); returns the incident id the page shows instead.
     */
    private static String logged(Exception e) {
        String incident = Incidents.next();
        LOG.warn("search failed (incident {}): {}", incident, e.getClass().getName());
        return incident;
    }

    private static String checkQuery(String query) {
        if (query == null || query.isBlank()) {
            throw RequestException.badRequest("the query is empty: give one with q=");
        }
        if (query.length() > MAX_QUERY_CHARS) {
            throw RequestException.badRequest("the query is " + query.length() + " characters long; at most "
                    + MAX_QUERY_CHARS + " are accepted");
        }
        if (query.chars().anyMatch(Character::isISOControl)) {
            throw RequestException.badRequest("the query holds control characters");
        }
        return query.strip();
    }

    private static void checkOpen(UserSession user) {
        if (user == null || user.isClosed()) {
            throw RequestException.unauthorized("sign in first: the session has ended");
        }
    }

    private static String abbreviate(String s) {
        if (s == null) {
            return "";
        }
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }

    @Override
    public void close() throws IOException {
        try {
            shards.close();
        } finally {
            data.close();
        }
    }
}
