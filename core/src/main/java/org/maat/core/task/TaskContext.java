package org.maat.core.task;

import java.util.Objects;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.facts.FactSource;

/**
 * Everything confined task code gets: the session it acts for, and handles whose every operation
 * goes through the task's {@link AccessGate} (the reference monitor, or nothing in a
 * {@code --no-policy} run):
 * <ul>
 *   <li>{@link #documents()}: document conduits, each read tainting the task;</li>
 *   <li>{@link #index()}: the index sink (indexer tasks), whose every entry crosses an
 *       {@link IndexEntryCheck} and whose files are written through {@code PolicyDirectory}s;</li>
 *   <li>{@link #searchers()}: shard searchers whose files taint the task (search tasks);</li>
 *   <li>{@link #query()}: the session's query conduit;</li>
 *   <li>{@link #results()}: the result conduit, whose writes the monitor checks;</li>
 *   <li>{@link #facts()}: the fact relations, read-only, for building filters.</li>
 * </ul>
 * Task code (packages {@code org.maat.core.index} and {@code org.maat.core.search}) and these
 * handles use no {@code java.io.File}, {@code java.nio.file}, {@code java.net} or
 * {@code FSDirectory}: an ArchUnit rule checks it. The trusted runtime ({@code org.maat.core.lucene},
 * {@code org.maat.core.runtime}) opens the stores and directories and builds the context. A handle
 * the task was not given fails with {@link IllegalStateException}.
 */
public final class TaskContext {

    private final Session session;
    private final AccessGate gate;
    private final FactSource facts;
    private final DocumentReader documents;
    private final IndexSink index;
    private final ShardSearchers searchers;
    private final Conduit queryConduit;
    private final String queryText;
    private final ResultChannel results;

    private TaskContext(Builder b) {
        this.session = b.session;
        this.gate = b.gate;
        this.facts = b.facts;
        this.documents = b.documents;
        this.index = b.index;
        this.searchers = b.searchers;
        this.queryConduit = b.queryConduit;
        this.queryText = b.queryText;
        this.results = b.results;
    }

    public static Builder builder(Session session, AccessGate gate) {
        return new Builder(session, gate);
    }

    public Session session() {
        return session;
    }

    /** Whether a monitor checks this task (false in a {@code --no-policy} run). */
    public boolean monitored() {
        return gate.monitored();
    }

    public FactSource facts() {
        return require(facts, "facts");
    }

    public DocumentReader documents() {
        return require(documents, "documents");
    }

    public IndexSink index() {
        return require(index, "an index to write");
    }

    public ShardSearchers searchers() {
        return require(searchers, "an index to search");
    }

    /** The text of the session's query; reading it taints the task with the query conduit's policy. */
    public String query() {
        gate.read(require(queryConduit, "a query"));
        return queryText;
    }

    public ResultChannel results() {
        return require(results, "a result channel");
    }

    private <T> T require(T handle, String what) {
        if (handle == null) {
            throw new IllegalStateException("this task was given no " + what);
        }
        return handle;
    }

    /** Assembles a context; used by the trusted runtime only. */
    public static final class Builder {
        private final Session session;
        private final AccessGate gate;
        private FactSource facts;
        private DocumentReader documents;
        private IndexSink index;
        private ShardSearchers searchers;
        private Conduit queryConduit;
        private String queryText;
        private ResultChannel results;

        private Builder(Session session, AccessGate gate) {
            this.session = Objects.requireNonNull(session, "session");
            this.gate = Objects.requireNonNull(gate, "gate");
        }

        public Builder facts(FactSource facts) {
            this.facts = facts;
            return this;
        }

        public Builder documents(DocumentReader documents) {
            this.documents = documents;
            return this;
        }

        public Builder index(IndexSink index) {
            this.index = index;
            return this;
        }

        public Builder searchers(ShardSearchers searchers) {
            this.searchers = searchers;
            return this;
        }

        /** The query conduit and its text. */
        public Builder query(Conduit conduit, String text) {
            this.queryConduit = Objects.requireNonNull(conduit, "conduit");
            this.queryText = Objects.requireNonNull(text, "text");
            return this;
        }

        public Builder results(ResultChannel results) {
            this.results = results;
            return this;
        }

        public TaskContext build() {
            return new TaskContext(this);
        }
    }
}
