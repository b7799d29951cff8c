package org.maat.policy.facts;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The in-memory fact relations with a hash index on every argument position, so that a lookup
 * with any argument bound costs one hash probe. Thread-safe: readers share a lock, writers take it
 * exclusively and bump the {@linkplain #version() version}.
 */
public final class FactIndex implements FactSource {

    private final Map<String, Relation> relations = new HashMap<>();
    private final ValueDictionary dictionary = new ValueDictionary();
    private final AtomicLong version = new AtomicLong();
    private final ReadWriteLock lock = new ReentrantReadWriteLock();

    public FactIndex() {
    }

    public FactIndex(Collection<Fact> facts) {
        addAll(facts);
    }

    /** Adds a fact; returns false when it was already present. */
    public boolean add(Fact fact) {
        return addAll(List.of(fact)) > 0;
    }

    /** Adds facts under one version bump; returns how many were new. */
    public int addAll(Collection<Fact> facts) {
        return update(List.of(), facts);
    }

    /** Removes a fact; returns false when it was absent. */
    public boolean remove(Fact fact) {
        return removeAll(List.of(fact)) > 0;
    }

    /** Removes facts under one version bump; returns how many were present. */
    public int removeAll(Collection<Fact> facts) {
        return update(facts, List.of());
    }

    /**
     * Removes {@code removed}, then adds {@code added}, as one change: a reader sees none of it or
     * all of it, and the version grows once (or not at all when nothing changed). This is how a
     * committed store batch that both revokes and grants facts becomes visible. Returns how many
     * facts were removed or added.
     */
    public int update(Collection<Fact> removed, Collection<Fact> added) {
        lock.writeLock().lock();
        try {
            int changed = 0;
            for (Fact fact : removed) {
                Relation relation = relations.get(key(fact.relation(), fact.arity()));
                if (relation != null && relation.remove(fact.args())) {
                    changed++;
                }
            }
            for (Fact fact : added) {
                Relation relation = relations.computeIfAbsent(key(fact.relation(), fact.arity()),
                        k -> new Relation(fact.arity(), dictionary));
                if (relation.add(fact.args())) {
                    changed++;
                }
            }
            if (changed > 0) {
                version.incrementAndGet();
            }
            return changed;
        } finally {
            lock.writeLock().unlock();
        }
    }

    /** Every fact, in no particular order (a copy). */
    public List<Fact> facts() {
        lock.readLock().lock();
        try {
            List<Fact> all = new ArrayList<>();
            relations.forEach((key, relation) -> {
                String name = key.substring(0, key.lastIndexOf('/'));
                relation.tuples.forEach(t -> all.add(new Fact(name, t)));
            });
            return all;
        } finally {
            lock.readLock().unlock();
        }
    }

    public int size() {
        lock.readLock().lock();
        try {
            return relations.values().stream().mapToInt(r -> r.tuples.size()).sum();
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public long version() {
        return version.get();
    }

    @Override
    public boolean contains(String relation, List<String> args) {
        lock.readLock().lock();
        try {
            Relation r = relations.get(key(relation, args.size()));
            return r != null && r.tuples.contains(args);
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public Collection<List<String>> match(String relation, String[] pattern) {
        lock.readLock().lock();
        try {
            Relation r = relations.get(key(relation, pattern.length));
            return r == null ? List.of() : r.match(pattern);
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public Set<String> neighbours(String relation, int position, String value) {
        lock.readLock().lock();
        try {
            Set<String> out = new HashSet<>();
            for (int id : adjacency(relation, position).of(value)) {
                out.add(dictionary.valueOf(id));
            }
            return out;
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public int degree(String relation, int position, String value) {
        lock.readLock().lock();
        try {
            return adjacency(relation, position).of(value).length;
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public List<String> commonNeighbours(String relation1, int position1, String value1,
                                         String relation2, int position2, String value2) {
        lock.readLock().lock();
        try {
            int[] left = adjacency(relation1, position1).of(value1);
            int[] right = adjacency(relation2, position2).of(value2);
            List<String> common = new ArrayList<>(2);
            Adjacency.intersect(left, right, id -> {
                common.add(dictionary.valueOf(id));
                return false;
            });
            return common;
        } finally {
            lock.readLock().unlock();
        }
    }

    private static final Adjacency NO_NEIGHBOURS = new Adjacency();

    private Adjacency adjacency(String relation, int position) {
        Relation r = relations.get(key(relation, 2));
        return r == null ? NO_NEIGHBOURS : r.neighbours.get(position);
    }

    @Override
    public Set<String> relations() {
        lock.readLock().lock();
        try {
            Set<String> names = new HashSet<>();
            relations.forEach((key, r) -> {
                if (!r.tuples.isEmpty()) {
                    names.add(key.substring(0, key.lastIndexOf('/')));
                }
            });
            return names;
        } finally {
            lock.readLock().unlock();
        }
    }

    private static String key(String relation, int arity) {
        return relation + '/' + arity;
    }

    /** One relation of one arity: its tuples and an index per argument position. */
    private static final class Relation {
        final Set<List<String>> tuples = new HashSet<>();
        final List<Map<String, List<List<String>>>> byPosition = new ArrayList<>();
        /** Binary relations only: position 0 maps x to the ids of {y}, position 1 maps y to those of {x}. */
        final List<Adjacency> neighbours = new ArrayList<>();
        final ValueDictionary dictionary;

        Relation(int arity, ValueDictionary dictionary) {
            this.dictionary = dictionary;
            for (int i = 0; i < arity; i++) {
                byPosition.add(new HashMap<>());
            }
            if (arity == 2) {
                neighbours.add(new Adjacency());
                neighbours.add(new Adjacency());
            }
        }

        boolean add(List<String> args) {
            if (!tuples.add(args)) {
                return false;
            }
            for (int i = 0; i < args.size(); i++) {
                byPosition.get(i).computeIfAbsent(args.get(i), k -> new ArrayList<>()).add(args);
            }
            if (args.size() == 2) {
                neighbours.get(0).add(args.get(0), dictionary.idOf(args.get(1)));
                neighbours.get(1).add(args.get(1), dictionary.idOf(args.get(0)));
            }
            return true;
        }

        boolean remove(List<String> args) {
            if (!tuples.remove(args)) {
                return false;
            }
            for (int i = 0; i < args.size(); i++) {
                List<List<String>> bucket = byPosition.get(i).get(args.get(i));
                bucket.remove(args);
                if (bucket.isEmpty()) {
                    byPosition.get(i).remove(args.get(i));
                }
            }
            if (args.size() == 2) {
                neighbours.get(0).remove(args.get(0), dictionary.idOf(args.get(1)));
                neighbours.get(1).remove(args.get(1), dictionary.idOf(args.get(0)));
            }
            return true;
        }

        Collection<List<String>> match(String[] pattern) {
            // Start from the smallest index bucket among the bound positions.
            List<List<String>> best = null;
            for (int i = 0; i < pattern.length; i++) {
                if (pattern[i] != null) {
                    List<List<String>> bucket = byPosition.get(i).get(pattern[i]);
                    if (bucket == null) {
                        return List.of();
                    }
                    if (best == null || bucket.size() < best.size()) {
                        best = bucket;
                    }
                }
            }
            if (best == null) {
                return List.copyOf(tuples);
            }
            List<List<String>> out = new ArrayList<>();
            for (List<String> tuple : best) {
                if (agrees(tuple, pattern)) {
                    out.add(tuple);
                }
            }
            return out;
        }

        private static boolean agrees(List<String> tuple, String[] pattern) {
            for (int i = 0; i < pattern.length; i++) {
                if (pattern[i] != null && !pattern[i].equals(tuple.get(i))) {
                    return false;
                }
            }
            return true;
        }
    }
}
