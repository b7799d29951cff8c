package org.maat.policy.facts;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Numbers every distinct fact argument, so that neighbour lists can be sorted int arrays that two
 * lookups can intersect with a merge. Numbers are never reused. Not thread-safe: the owning
 * {@link FactIndex} guards it.
 */
final class ValueDictionary {

    private final Map<String, Integer> ids = new HashMap<>();
    private final List<String> values = new ArrayList<>();

    int idOf(String value) {
        Integer id = ids.get(value);
        if (id == null) {
            id = values.size();
            ids.put(value, id);
            values.add(value);
        }
        return id;
    }

    String valueOf(int id) {
        return values.get(id);
    }
}
