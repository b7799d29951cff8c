package org.maat.core.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.util.Map;
import java.util.Objects;
import org.maat.core.conduit.ConduitStore;
import org.maat.core.conduit.ConduitStoreEditor;
import org.maat.policy.facts.FactIndex;
import org.maat.policy.facts.PartitionedFacts;
import org.maat.policy.eval.PolicyEngine;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.mal.MalEntry;
import org.maat.policy.mal.MalLog;
import org.maat.policy.mal.VerifyReport;
import org.maat.policy.store.PolicyStore;
import org.maat.policy.store.PolicyStoreException;

/**
 * An opened data directory and its policy engine: the policy store (conduits, policies, facts),
 * the document conduit store, and the MAL log, whose entries are the {@code logged} facts. An entry
 * appended through {@link #malLog()} is a fact as soon as the append returns. This is trusted runtime
 * code: it opens files; the runtime builds the monitor of its tasks over it and hands them only
 * monitored handles.
 *
 * <p>{@link #open} reads (its policy store read-only); {@link #openForChanges} is for the one owner
 * that changes the data (front-end, {@code maat disguise}): policy store writable, documents edited
 * through {@link #editDocuments()}. Any data set sees document edits made elsewhere after
 * {@link #refreshDocuments()}.
 *
 * <p>A <em>follower</em> ({@link #openFollower}) reads a data directory that another component owns
 * and writes (the front-end, which appends to the MAL log): it takes no lock, has no
 * {@link #malLog()}, and learns new MAL entries when {@link #followMalLog()} is called.
 */
public final class DataSet implements AutoCloseable {

    private final DataDir dir;
    private final Manifest manifest;
    private final PolicyStore policies;
    private final ConduitStore documents;
    private final MalLog malLog;
    private final FactIndex logged = new FactIndex();
    private final PolicyEngine engine;
    /** A follower's position in the MAL log: the file length read (volatile: checked without the lock). */
    private volatile long followedBytes = -1;
    /** Entries read so far. Guarded by this. */
    private long followedEntries;

    private DataSet(DataDir dir, Manifest manifest, PolicyStore policies, ConduitStore documents, MalLog malLog) {
        this.dir = dir;
        this.manifest = manifest;
        this.policies = policies;
        this.documents = documents;
        this.malLog = malLog;
        this.engine = engine(policies, malLog, logged);
    }

    /**
     * The policy engine over a policy store and a MAL log: the store's policies and facts, and the
     * log's entries as {@code logged} facts (an entry appended later is a fact as soon as the append
     * returns). Every stored policy is interned and checked against its id. What {@link #open} builds,
     * for runtimes that hold the two stores without the documents (a MapReduce task).
     */
    public static PolicyEngine engine(PolicyStore policies, MalLog malLog) {
        return engine(policies, Objects.requireNonNull(malLog, "malLog"), new FactIndex());
    }

    /** As {@link #engine(PolicyStore, MalLog)}; {@code malLog} null for a follower, which fills {@code logged} itself. */
    private static PolicyEngine engine(PolicyStore policies, MalLog malLog, FactIndex logged) {
        if (malLog != null) {
            try {
                logged.addAll(StoreDamage.reading(malLog.file(), malLog::facts));
            } catch (IOException e) {
                throw new DataDirException(malLog.file() + ": cannot read: " + e.getMessage());
            }
            malLog.onAppend((MalEntry entry) -> logged.add(entry.asFact()));
        }
        try {
            // A stored policy that no longer parses is damage to the store, not a policy author's error.
            return StoreDamage.reading(policies.file(), () -> {
                PolicyEngine engine = new PolicyEngine(new PartitionedFacts(policies.facts(),
                        Map.of(MalEntry.FACT_RELATION, logged)));
                for (Map.Entry<PolicyId, String> p : policies.policies().entrySet()) {
                    PolicyId interned = engine.intern(p.getValue());
                    if (!interned.equals(p.getKey())) {
                        throw new DataDirException(policies.file() + ": policy " + p.getKey() + " does not match its text");
                    }
                }
                return engine;
            });
        } catch (IOException e) {
            throw new DataDirException(policies.file() + ": cannot read: " + e.getMessage());
        }
    }

    /**
     * Opens a complete data directory written by {@code maat generate}. Its policy store is opened
     * read-only ({@link PolicyStore#openReadOnly}): nothing after generation writes it, so a damaged
     * one is reported, never rewritten.
     *
     * @throws org.maat.policy.store.PolicyStoreException starting {@code damaged store:} if
     *         {@code policy.db} is damaged or opens at an earlier commit than generation's last
     */
    public static DataSet open(DataDir dir) throws IOException {
        Manifest manifest = dir.readManifest();
        PolicyStore policies = StoreDamage.reading(dir.policyStore(), () -> PolicyStore.openReadOnly(dir.policyStore()));
        return owning(dir, manifest, policies);
    }

    /** The data set of the directory's owner over {@code policies}: its documents and MAL log, checked against generation. */
    private static DataSet owning(DataDir dir, Manifest manifest, PolicyStore policies) throws IOException {
        ConduitStore documents = null;
        MalLog log = null;
        try {
            documents = ConduitStore.open(dir.documents());
            checkGenerated(manifest, policies, documents);
            log = StoreDamage.reading(dir.malLog(), () -> MalLog.open(dir.malLog()));
            return new DataSet(dir, manifest, policies, documents, log);
        } catch (IOException | RuntimeException e) {
            policies.close();
            if (documents != null) {
                documents.close();
            }
            if (log != null) {
                try {
                    log.close(); // else its lock outlives the failed open, and the next open in this process fails
                } catch (IOException | RuntimeException closing) {
                    e.addSuppressed(closing);
                }
            }
            throw e;
        }
    }

    /**
     * Opens a data directory for its one owner that changes it (the front-end, {@code maat disguise}):
     * as {@link #open}, but the policy store opened writable ({@link PolicyStore#open}: locked against
     * other openers, a damaged file refused, never repaired) so that {@code policies().batch()...commit()}
     * works, and documents changed through {@link #editDocuments()}. The policy engine sees facts a
     * batch adds or removes once the batch commits.
     *
     * @throws DataDirException if {@code policy.db} is missing (it is never created here)
     * @throws org.maat.policy.store.PolicyStoreException if it is damaged, locked or opens at an earlier
     *         commit than generation's last
     */
    public static DataSet openForChanges(DataDir dir) throws IOException {
        Manifest manifest = dir.readManifest();
        if (!Files.isRegularFile(dir.policyStore())) {
            throw new DataDirException(dir.policyStore() + ": missing; a data directory's policy store is written by "
                    + "'maat generate' and never created here");
        }
        return owning(dir, manifest, StoreDamage.reading(dir.policyStore(), () -> PolicyStore.open(dir.policyStore())));
    }

    /**
     * Opens a data directory as a follower: a snapshot of its policy store
     * ({@link PolicyStore#openSnapshot}), its documents, and the MAL entries on disk now. Neither
     * opens nor locks the MAL log, so the owner of the directory (one front-end, here or in another
     * process) keeps appending to it; call {@link #followMalLog()} to learn its new entries.
     * Conduits and facts are those of the moment of opening.
     */
    public static DataSet openFollower(DataDir dir) throws IOException {
        Manifest manifest = dir.readManifest();
        PolicyStore policies = StoreDamage.reading(dir.policyStore(), () -> PolicyStore.openSnapshot(dir.policyStore()));
        ConduitStore documents = null;
        try {
            documents = ConduitStore.open(dir.documents());
            checkGenerated(manifest, policies, documents);
            DataSet data = new DataSet(dir, manifest, policies, documents, null);
            data.followMalLog();
            return data;
        } catch (IOException | RuntimeException e) {
            policies.close();
            if (documents != null) {
                documents.close();
            }
            throw e;
        }
    }

    /**
     * A policy store that opens at an earlier commit than generation's last was cut back to an older
     * version (MVStore opens the newest chunk it can read): refused, as damaged. Later commits are
     * not refused (tools and tests may add conduits). A manifest from before the count was recorded
     * still catches a store with fewer conduits than documents; documents removed from the conduit
     * store since generation (a disguise removes their conduits too) are not counted.
     */
    private static void checkGenerated(Manifest manifest, PolicyStore policies, ConduitStore documents) {
        long expected = manifest.policyStoreCommits();
        long found = policies.commitCount();
        if (found < expected) {
            throw PolicyStoreException.damaged(policies.file(), "it opens at commit " + found + " but generation "
                    + "committed " + expected + " (manifest.json): the file was cut short or replaced by an older "
                    + "copy", null);
        }
        long conduits = policies.conduitCount();
        long removed = documents.size() - documents.liveDocuments();
        if (conduits < manifest.documents() - removed) {
            throw PolicyStoreException.damaged(policies.file(), "it holds " + conduits + " conduits but manifest.json "
                    + "names " + manifest.documents() + " documents" + (removed == 0 ? "" : " (" + removed + " removed since)")
                    + ": the file was cut short or replaced", null);
        }
    }

    /**
     * A follower reads the MAL entries appended since it last looked, if the log's file grew, and
     * makes them {@code logged} facts before returning: an entry acknowledged to its writer before
     * this call is a fact after it. Costs one file-size lookup when nothing was appended. Does
     * nothing on a data set that owns its log (its appends are facts at once).
     *
     * @throws DataDirException if the log was altered rather than appended to
     */
    public void followMalLog() throws IOException {
        if (malLog != null) {
            return;
        }
        long length = malLogLength();
        if (length == followedBytes) {
            return; // the common case, on every search: no lock taken
        }
        synchronized (this) {
            readMalLog(malLogLength());
        }
    }

    private long malLogLength() throws IOException {
        try {
            return Files.size(dir.malLog());
        } catch (NoSuchFileException e) {
            return 0; // a log is created by its first writer
        }
    }

    private void readMalLog(long length) throws IOException {
        if (length == followedBytes) {
            return;
        }
        long known = followedEntries;
        VerifyReport report = length == 0 ? null : MalLog.read(dir.malLog(), entry -> {
            if (entry.sequence() >= known) {
                logged.add(entry.asFact());
            }
        });
        if (report == null) {
            followedBytes = 0;
            return;
        }
        if (report.defect().isPresent() && !report.defect().get().fromInterruptedAppend()) {
            throw new DataDirException(report.describe());
        }
        followedEntries = Math.max(known, report.entries());
        // An append in progress is read again next time: only the complete entries count as seen.
        followedBytes = report.defect().isPresent() ? -1 : report.validBytes();
    }

    public DataDir dir() {
        return dir;
    }

    public Manifest manifest() {
        return manifest;
    }

    public PolicyStore policies() {
        return policies;
    }

    /**
     * The document store: one object for the data set's life, showing the commit it was opened at or
     * last refreshed to ({@link #refreshDocuments()}, or an edit through {@link #editDocuments()}).
     * Safe to use from many threads while it is refreshed; never closed before this data set.
     */
    public ConduitStore documents() {
        return documents;
    }

    /**
     * Shows the documents' newest commit (one an editor of this or another process made) to every
     * later read; scans already running keep theirs. Cheap when nothing changed.
     *
     * @return whether the documents changed
     */
    public boolean refreshDocuments() throws IOException {
        return documents.refresh();
    }

    /**
     * An editor of the documents ({@link ConduitStore#edit()}): removals and restorations, each commit
     * seen by {@link #documents()} when it returns. One editor at a time per store.
     */
    public ConduitStoreEditor editDocuments() throws IOException {
        return documents.edit();
    }

    /** The MAL log, appended to by this data set's owner; a follower has none and fails. */
    public MalLog malLog() {
        if (malLog == null) {
            throw new IllegalStateException(dir.root() + " is open as a follower: it never appends to the MAL log");
        }
        return malLog;
    }

    public PolicyEngine engine() {
        return engine;
    }

    /**
     * Closes the stores. A data set opened for changes that committed any then rewrites its policy store
     * from committed data only ({@link PolicyStore#closeErasingSupersededVersions()}): conduits and facts a
     * disguise removed leave the file's bytes only then, since an open store keeps superseded versions.
     */
    @Override
    public void close() throws IOException {
        try (ConduitStore d = documents; MalLog m = malLog) {  // a null resource is skipped
            if (policies.writable()) {
                policies.closeErasingSupersededVersions();
            } else {
                policies.close();
            }
        }
    }
}
