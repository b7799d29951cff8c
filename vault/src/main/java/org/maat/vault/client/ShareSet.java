package org.maat.vault.client;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The shares of one secret gathered so far, each labelled with the server it came from, and the search for
 * k of them that agree. Shares are grouped by the split they declare (k, n, length, the put's id); a group
 * with at least k shares, and more shares than any split declaring a higher k, is tried, the largest group
 * first (ties: the higher k), by combining k-subsets
 * until one passes the check value ({@link Shares#combine}); once one does, every other share is tested
 * against it, and those that disagree, and those of other splits, are reported with their server. So a
 * flipped byte in one share costs one more share fetched, never a wrong secret, and a share that claims
 * another split cannot make honest shares look wrong: it is outvoted, not followed. (That a share was
 * stored by a vault client at all is checked before it gets here: {@link ShareSignatures}.)
 *
 * <p>Not thread-safe: the client adds shares and recovers from one thread.
 */
public final class ShareSet {

    /** What a share says about the split it belongs to; shares of one put all say the same. */
    private record Split(int k, int n, int length, String put) {
        static Split of(Share share) {
            return new Split(share.k(), share.n(), share.bytes().length, share.put());
        }

        @Override
        public String toString() {
            return k + "-of-" + n + (put.isEmpty() ? "" : " of put " + (put.length() > 8 ? put.substring(0, 8) : put));
        }
    }

    private final Map<Integer, Share> bySource = new TreeMap<>();
    private final Map<Integer, String> rejected = new TreeMap<>();
    /** The split the last successful {@link #recover()} combined. */
    private Split recovered;

    /** Adds the share {@code source} returned; a second share with an index already held for its split is rejected. */
    public void add(int source, Share share) {
        Split split = Split.of(share);
        for (Map.Entry<Integer, Share> held : bySource.entrySet()) {
            if (Split.of(held.getValue()).equals(split) && held.getValue().index() == share.index()) {
                reject(source, "its share repeats index " + share.index() + " of server " + held.getKey());
                return;
            }
        }
        bySource.put(source, share);
    }

    /** Records that {@code source}'s share is unusable (e.g. its digest failed), for the report. */
    public void reject(int source, String reason) {
        rejected.put(source, reason);
    }

    /** The threshold of the split most usable shares declare (ties: the higher k), or 0 before the first share. */
    public int threshold() {
        List<Map.Entry<Split, List<Integer>>> groups = groups();
        return groups.isEmpty() ? 0 : groups.get(0).getKey().k();
    }

    /** Usable shares of that split. */
    public int usable() {
        List<Map.Entry<Split, List<Integer>>> groups = groups();
        return groups.isEmpty() ? 0 : groups.get(0).getValue().size();
    }

    /** Whether some split has as many usable shares as its threshold: {@link #recover()} may succeed. */
    public boolean ready() {
        List<Map.Entry<Split, List<Integer>>> groups = groups();
        return groups.stream().anyMatch(g -> eligible(g, groups));
    }

    /**
     * Whether {@code group} may be combined: it has k shares, and every split that declares a higher
     * threshold has fewer shares. A lower threshold is what a forger would declare, so it must outvote
     * the higher one, never merely arrive first.
     */
    private static boolean eligible(Map.Entry<Split, List<Integer>> group, List<Map.Entry<Split, List<Integer>>> all) {
        int size = group.getValue().size();
        return size >= group.getKey().k() && all.stream().noneMatch(
                other -> other.getKey().k() > group.getKey().k() && other.getValue().size() >= size);
    }

    /** The id of the put whose shares {@link #recover()} last combined ("" for shares stored without one). */
    public String recoveredPut() {
        return recovered == null ? "" : recovered.put();
    }

    /** The servers whose shares were rejected, with why, in server order. */
    public Map<Integer, String> rejected() {
        return Collections.unmodifiableMap(rejected);
    }

    /**
     * The secret, when some k usable shares of one split pass the check; the shares that disagree with it
     * or belong to another split are added to {@link #rejected()}. Empty when no split has k usable shares
     * that pass (a later share may complete one).
     */
    public Optional<byte[]> recover() {
        List<Map.Entry<Split, List<Integer>>> groups = groups();
        for (Map.Entry<Split, List<Integer>> group : groups) {
            if (!eligible(group, groups)) {
                continue;
            }
            Optional<byte[]> secret = recover(group.getKey(), group.getValue());
            if (secret.isPresent()) {
                recovered = group.getKey();
                for (int source : usableSources()) {
                    if (!group.getValue().contains(source)) {
                        rejected.put(source, "its share declares a " + Split.of(bySource.get(source))
                                + " split, not the " + group.getKey() + " one of servers " + join(group.getValue()));
                    }
                }
                return secret;
            }
        }
        return Optional.empty();
    }

    private Optional<byte[]> recover(Split split, List<Integer> sources) {
        int k = split.k();
        if (sources.size() < k) {
            return Optional.empty();
        }
        int[] pick = new int[k];
        for (int i = 0; i < k; i++) {
            pick[i] = i;
        }
        do {
            List<Integer> subset = new ArrayList<>(k);
            for (int i : pick) {
                subset.add(sources.get(i));
            }
            Optional<byte[]> secret = Shares.combine(sharesOf(subset));
            if (secret.isPresent()) {
                rejectDisagreeing(sources, subset, secret.get());
                return secret;
            }
        } while (nextCombination(pick, sources.size()));
        return Optional.empty();
    }

    /** The usable shares by split, the largest group first, then the higher threshold. */
    private List<Map.Entry<Split, List<Integer>>> groups() {
        Map<Split, List<Integer>> bySplit = new LinkedHashMap<>();
        for (int source : usableSources()) {
            bySplit.computeIfAbsent(Split.of(bySource.get(source)), s -> new ArrayList<>()).add(source);
        }
        List<Map.Entry<Split, List<Integer>>> groups = new ArrayList<>(bySplit.entrySet());
        groups.sort(Comparator.<Map.Entry<Split, List<Integer>>>comparingInt(g -> -g.getValue().size())
                .thenComparingInt(g -> -g.getKey().k()));
        return groups;
    }

    private List<Integer> usableSources() {
        return bySource.keySet().stream().filter(s -> !rejected.containsKey(s)).collect(Collectors.toList());
    }

    /** Describes, for an error message, which servers' shares were tried and did not agree. */
    public String disagreement() {
        List<Map.Entry<Split, List<Integer>>> groups = groups();
        if (groups.isEmpty()) {
            return "no usable share";
        }
        return "no " + threshold() + " of the shares of servers " + join(groups.get(0).getValue())
                + " recover a value whose check matches";
    }

    /** A share outside the good subset is good when swapping it for one member still yields the secret. */
    private void rejectDisagreeing(List<Integer> sources, List<Integer> good, byte[] secret) {
        Map<Integer, String> found = new LinkedHashMap<>();
        for (int other : sources) {
            if (good.contains(other)) {
                continue;
            }
            List<Integer> swapped = new ArrayList<>(good.subList(1, good.size()));
            swapped.add(other);
            Optional<byte[]> again = Shares.combine(sharesOf(swapped));
            if (again.isEmpty() || !Arrays.equals(again.get(), secret)) {
                found.put(other, "its share disagrees with those of servers " + join(good));
            }
            again.ifPresent(b -> Arrays.fill(b, (byte) 0));
        }
        rejected.putAll(found);
    }

    private List<Share> sharesOf(List<Integer> sources) {
        return sources.stream().map(bySource::get).collect(Collectors.toList());
    }

    /** Advances {@code pick} to the next k-combination of 0..size-1 in lexicographic order; false after the last. */
    private static boolean nextCombination(int[] pick, int size) {
        int k = pick.length;
        int i = k - 1;
        while (i >= 0 && pick[i] == size - k + i) {
            i--;
        }
        if (i < 0) {
            return false;
        }
        pick[i]++;
        for (int j = i + 1; j < k; j++) {
            pick[j] = pick[j - 1] + 1;
        }
        return true;
    }

    private static String join(List<Integer> sources) {
        return sources.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }
}
