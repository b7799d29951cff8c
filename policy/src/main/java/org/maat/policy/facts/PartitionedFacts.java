package org.maat.policy.facts;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One fact source over several, each owning some relations: e.g. {@code logged} from the MAL log and
 * everything else from the policy store. A relation is answered by its owner alone, so relations
 * must not be split across sources. The version changes whenever any part changes.
 */
public final class PartitionedFacts implements FactSource {

    private final FactSource rest;
    private final Map<String, FactSource> owners;
    private final List<FactSource> parts;

    /** {@code owners} maps relation names to the source that holds them; all others are in {@code rest}. */
    public PartitionedFacts(FactSource rest, Map<String, FactSource> owners) {
        this.rest = Objects.requireNonNull(rest, "rest");
        this.owners = Map.copyOf(owners);
        Set<FactSource> distinct = new HashSet<>(this.owners.values());
        distinct.remove(rest);
        this.parts = new ArrayList<>(distinct);
        this.parts.add(0, rest);
    }

    private FactSource owner(String relation) {
        return owners.getOrDefault(relation, rest);
    }

    /** The sum of the parts' versions: it grows whenever any part's does. */
    @Override
    public long version() {
        long v = 0;
        for (FactSource p : parts) {
            v += p.version();
        }
        return v;
    }

    @Override
    public boolean contains(String relation, List<String> args) {
        return owner(relation).contains(relation, args);
    }

    @Override
    public Collection<List<String>> match(String relation, String[] pattern) {
        return owner(relation).match(relation, pattern);
    }

    @Override
    public Set<String> neighbours(String relation, int position, String value) {
        return owner(relation).neighbours(relation, position, value);
    }

    @Override
    public int degree(String relation, int position, String value) {
        return owner(relation).degree(relation, position, value);
    }

    @Override
    public List<String> commonNeighbours(String relation1, int position1, String value1,
                                         String relation2, int position2, String value2) {
        FactSource a = owner(relation1);
        FactSource b = owner(relation2);
        if (a == b) {
            return a.commonNeighbours(relation1, position1, value1, relation2, position2, value2);
        }
        Set<String> other = b.neighbours(relation2, position2, value2);
        List<String> common = new ArrayList<>();
        for (String v : a.neighbours(relation1, position1, value1)) {
            if (other.contains(v)) {
                common.add(v);
            }
        }
        common.sort(null);
        return common;
    }

    @Override
    public Set<String> relations() {
        Set<String> all = new HashSet<>();
        for (FactSource p : parts) {
            for (String r : p.relations()) {
                if (owner(r) == p) {
                    all.add(r);
                }
            }
        }
        return all;
    }
}
