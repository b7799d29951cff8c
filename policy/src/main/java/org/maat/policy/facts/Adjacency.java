package org.maat.policy.facts;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The neighbour lists of a binary relation in one direction: for each value, the sorted ids of
 * the values it is related to. Arrays are replaced, never changed in place, so a reader holding
 * one sees a consistent list.
 */
final class Adjacency {

    private static final int[] NONE = new int[0];

    private final Map<String, int[]> lists = new HashMap<>();

    int[] of(String value) {
        int[] ids = lists.get(value);
        return ids == null ? NONE : ids;
    }

    void add(String value, int id) {
        int[] ids = of(value);
        int at = Arrays.binarySearch(ids, id);
        if (at >= 0) {
            return;
        }
        int insert = -at - 1;
        int[] grown = new int[ids.length + 1];
        System.arraycopy(ids, 0, grown, 0, insert);
        grown[insert] = id;
        System.arraycopy(ids, insert, grown, insert + 1, ids.length - insert);
        lists.put(value, grown);
    }

    void remove(String value, int id) {
        int[] ids = of(value);
        int at = Arrays.binarySearch(ids, id);
        if (at < 0) {
            return;
        }
        if (ids.length == 1) {
            lists.remove(value);
            return;
        }
        int[] shrunk = new int[ids.length - 1];
        System.arraycopy(ids, 0, shrunk, 0, at);
        System.arraycopy(ids, at + 1, shrunk, at, ids.length - at - 1);
        lists.put(value, shrunk);
    }

    /** How many ids two sorted lists share, visiting each in order until the visitor says stop. */
    static void intersect(int[] a, int[] b, IdVisitor visitor) {
        int i = 0;
        int j = 0;
        while (i < a.length && j < b.length) {
            if (a[i] < b[j]) {
                i++;
            } else if (a[i] > b[j]) {
                j++;
            } else {
                if (visitor.visit(a[i])) {
                    return;
                }
                i++;
                j++;
            }
        }
    }

    /** Receives the ids two lists share; returns true to stop. */
    interface IdVisitor {
        boolean visit(int id);
    }
}
