package org.maat.policy.eval;

import java.util.Objects;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.lang.Permission;
import org.maat.policy.lang.PolicyId;

/**
 * Read and update decisions keyed by exactly the inputs they depend on: the policy, the
 * permission, the session principal, the region and clock only when the policy looks at them,
 * the {@code this} fields the policy reads, and appendOnly for updates.
 *
 * <p>Every decision belongs to one fact-store version. The cache holds one generation (a version
 * and its table) at a time and only ever moves to a newer version, so a decision computed under an
 * old version can only land in a table nobody reads any more: a revoked grant is never served.
 *
 * <p>A lookup allocates nothing: it hashes and compares the inputs where they lie (session and
 * conduit), and only a decision being stored gets a {@link Key}. The table is chained and its
 * entries immutable, so readers take no lock; a reader that races a store may miss the new entry
 * and evaluate once more, never see a wrong one.
 */
final class DecisionCache {

    /** Bound on entries; past it the generation starts over rather than grow without limit. */
    private static final int MAX_ENTRIES = 1 << 18;
    private static final int INITIAL_BUCKETS = 16;

    /** Answer of {@link #find}: no decision cached for these inputs. */
    static final int ABSENT = -1;
    static final int DENIED = 0;
    static final int GRANTED = 1;

    record Key(PolicyId policy, Permission permission, String principal, String region, long time,
               String thisId, String thisName, String thisOwner, boolean appendOnly) {

        /** The key of a decision of {@code permission} under {@code inputs}: fields the policy ignores are left out. */
        static Key of(PolicyId policy, Permission permission, DecisionInputs inputs, Session session, Conduit self,
                      boolean appendOnly) {
            return new Key(policy, permission, session.principal(),
                    inputs.region() ? session.region() : null,
                    inputs.time() ? session.time().toEpochMilli() : 0L,
                    inputs.thisId() ? self.id() : null,
                    inputs.thisName() ? self.name() : null,
                    inputs.thisOwner() ? self.owner() : null,
                    permission == Permission.UPDATE && appendOnly);
        }

        @Override
        public int hashCode() {
            return hash(policy, permission, principal, region, time, thisId, thisName, thisOwner, appendOnly);
        }

        boolean matches(PolicyId policy, Permission permission, DecisionInputs inputs, Session session, Conduit self,
                        boolean appendOnly) {
            return this.policy.equals(policy) && this.permission == permission
                    && Objects.equals(this.principal, session.principal())
                    && Objects.equals(region, inputs.region() ? session.region() : null)
                    && time == (inputs.time() ? session.time().toEpochMilli() : 0L)
                    && Objects.equals(thisId, inputs.thisId() ? self.id() : null)
                    && Objects.equals(thisName, inputs.thisName() ? self.name() : null)
                    && Objects.equals(thisOwner, inputs.thisOwner() ? self.owner() : null)
                    && this.appendOnly == (permission == Permission.UPDATE && appendOnly);
        }

        /** {@link #hashCode()} of the key {@link #of} would build, without building it. */
        static int hashOf(PolicyId policy, Permission permission, DecisionInputs inputs, Session session, Conduit self,
                          boolean appendOnly) {
            return hash(policy, permission, session.principal(),
                    inputs.region() ? session.region() : null,
                    inputs.time() ? session.time().toEpochMilli() : 0L,
                    inputs.thisId() ? self.id() : null,
                    inputs.thisName() ? self.name() : null,
                    inputs.thisOwner() ? self.owner() : null,
                    permission == Permission.UPDATE && appendOnly);
        }

        private static int hash(PolicyId policy, Permission permission, String principal, String region, long time,
                                String thisId, String thisName, String thisOwner, boolean appendOnly) {
            int h = Long.hashCode(policy.value());
            h = 31 * h + permission.ordinal();
            h = 31 * h + Objects.hashCode(principal); // null: an anonymous session
            h = 31 * h + Objects.hashCode(region);
            h = 31 * h + Long.hashCode(time);
            h = 31 * h + Objects.hashCode(thisId);
            h = 31 * h + Objects.hashCode(thisName);
            h = 31 * h + Objects.hashCode(thisOwner);
            h = 31 * h + (appendOnly ? 1 : 0);
            return h ^ (h >>> 16);
        }
    }

    private static final class Entry {
        final Key key;
        final int hash;
        final boolean decision;
        final Entry next;

        Entry(Key key, int hash, boolean decision, Entry next) {
            this.key = key;
            this.hash = hash;
            this.decision = decision;
            this.next = next;
        }
    }

    private static final class Generation {
        final long version;
        /** Replaced whole when it grows; buckets are only ever set to a longer chain. */
        volatile Entry[] table = new Entry[INITIAL_BUCKETS];
        /** Guarded by this generation's monitor. */
        int size;

        Generation(long version) {
            this.version = version;
        }
    }

    private volatile Generation current = new Generation(Long.MIN_VALUE);

    /** The cached decision for {@code key} at fact version {@code factVersion}, or null. */
    Boolean get(Key key, long factVersion) {
        Entry e = entry(key.hashCode(), factVersion);
        for (; e != null; e = e.next) {
            if (e.hash == key.hashCode() && e.key.equals(key)) {
                return e.decision;
            }
        }
        return null;
    }

    /**
     * The cached decision for these inputs at fact version {@code factVersion}: {@link #GRANTED},
     * {@link #DENIED} or {@link #ABSENT}. Allocates nothing.
     */
    int find(long factVersion, PolicyId policy, Permission permission, DecisionInputs inputs, Session session,
             Conduit self, boolean appendOnly) {
        int hash = Key.hashOf(policy, permission, inputs, session, self, appendOnly);
        for (Entry e = entry(hash, factVersion); e != null; e = e.next) {
            if (e.hash == hash && e.key.matches(policy, permission, inputs, session, self, appendOnly)) {
                return e.decision ? GRANTED : DENIED;
            }
        }
        return ABSENT;
    }

    /** The chain {@code hash} falls in at {@code factVersion}; moves the cache to a newer version first. */
    private Entry entry(int hash, long factVersion) {
        Generation g = current;
        if (g.version == factVersion) {
            Entry[] table = g.table;
            return table[hash & (table.length - 1)];
        }
        if (factVersion > g.version) {
            advance(g, factVersion);
        }
        return null;
    }

    /** Caches a decision evaluated under {@code factVersion}; dropped if that version is not current. */
    void put(Key key, long factVersion, boolean decision) {
        Generation g = current;
        if (g.version != factVersion) {
            return;
        }
        int hash = key.hashCode();
        synchronized (g) {
            if (g.size >= MAX_ENTRIES) {
                advance(g, factVersion);
                return;
            }
            Entry[] table = g.table;
            int bucket = hash & (table.length - 1);
            for (Entry e = table[bucket]; e != null; e = e.next) {
                if (e.hash == hash && e.key.equals(key)) {
                    return;
                }
            }
            table[bucket] = new Entry(key, hash, decision, table[bucket]);
            if (++g.size > table.length - (table.length >>> 2)) {
                g.table = grown(table);
            }
        }
    }

    void clear() {
        synchronized (this) {
            current = new Generation(current.version);
        }
    }

    /** Twice the buckets, the same entries (copied: an entry's chain is final). */
    private static Entry[] grown(Entry[] table) {
        Entry[] bigger = new Entry[table.length * 2];
        for (Entry head : table) {
            for (Entry e = head; e != null; e = e.next) {
                int bucket = e.hash & (bigger.length - 1);
                bigger[bucket] = new Entry(e.key, e.hash, e.decision, bigger[bucket]);
            }
        }
        return bigger;
    }

    private synchronized void advance(Generation seen, long version) {
        if (current == seen) {
            current = new Generation(version);
        }
    }
}
