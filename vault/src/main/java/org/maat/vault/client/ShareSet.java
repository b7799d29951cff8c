package org.maat.vault.client;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The shares of one secret gathered so far, each labelled with the server it came from, and the search for
 * k of them that agree. {@link #recover()} combines k-subsets until one passes the check value
 * ({@link Shares#combine}); once one does, every other share is tested against it and those that
 * disagree are reported with their server. So a flipped byte in one share costs one more share fetched,
 * never a wrong secret: a subset that contains the bad share fails its check. Which split the shares
 * belong to (k, n) is taken from the share that claims the highest threshold (see {@link #add}).
 *
 * <p>Not thread-safe: the client adds shares and recovers from one thread.
 */
public final class ShareSet {

    private final Map<Integer, Share> bySource = new TreeMap<>();
    private final Map<Integer, String> rejected = new TreeMap<>();
    private Share reference;
    private int referenceSource;

    /**
     * Adds the share {@code source} returned. The split is the one of the share that claims the highest
     * threshold (the first of those): a share claiming another k, n or length is rejected, now or when a
     * share with a higher k arrives. A lower k is what a forger would claim (one forged "1-of-1" share
     * passes its own check value), a higher one can only make the read fail.
     */
    public void add(int source, Share share) {
        if (reference == null || share.k() > reference.k()) {
            reference = share;
            referenceSource = source;
            for (var held = bySource.entrySet().iterator(); held.hasNext(); ) {
                Map.Entry<Integer, Share> entry = held.next();
                String mismatch = mismatch(entry.getValue());
                if (mismatch != null) {
                    rejected.put(entry.getKey(), mismatch);
                    held.remove();
                }
            }
        }
        String mismatch = mismatch(share);
        if (mismatch != null) {
            reject(source, mismatch);
            return;
        }
        for (Map.Entry<Integer, Share> held : bySource.entrySet()) {
            if (held.getValue().index() == share.index()) {
                reject(source, "its share repeats index " + share.index() + " of server " + held.getKey());
                return;
            }
        }
        bySource.put(source, share);
    }

    /** Why {@code share} cannot belong to the reference split, or null if it can. */
    private String mismatch(Share share) {
        if (share.k() != reference.k() || share.n() != reference.n()) {
            return "its share claims a " + share.k() + "-of-" + share.n() + " split, server " + referenceSource
                    + "'s " + reference.k() + "-of-" + reference.n();
        }
        if (share.bytes().length != reference.bytes().length) {
            return "its share is " + share.bytes().length + " bytes, server " + referenceSource + "'s "
                    + reference.bytes().length;
        }
        return null;
    }

    /** Records that {@code source}'s share is unusable (e.g. its digest failed), for the report. */
    public void reject(int source, String reason) {
        rejected.put(source, reason);
    }

    /** The threshold the shares declare, or 0 before the first share. */
    public int threshold() {
        return reference == null ? 0 : reference.k();
    }

    /** Shares held and not yet rejected. */
    public int usable() {
        return (int) bySource.keySet().stream().filter(s -> !rejected.containsKey(s)).count();
    }

    /** The servers whose shares were rejected, with why, in server order. */
    public Map<Integer, String> rejected() {
        return Collections.unmodifiableMap(rejected);
    }

    /**
     * The secret, when some k of the usable shares pass the check; the shares that disagree with it are
     * added to {@link #rejected()}. Empty when fewer than k are usable or no k-subset passes (a later
     * share may complete a good subset).
     */
    public Optional<byte[]> recover() {
        int k = threshold();
        List<Integer> sources = bySource.keySet().stream().filter(s -> !rejected.containsKey(s))
                .collect(Collectors.toList());
        if (k == 0 || sources.size() < k) {
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

    /** Describes, for an error message, which servers' shares were tried and did not agree. */
    public String disagreement() {
        List<Integer> sources = bySource.keySet().stream().filter(s -> !rejected.containsKey(s))
                .collect(Collectors.toList());
        return "no " + threshold() + " of the shares of servers " + join(sources) + " recover a value whose check matches";
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
