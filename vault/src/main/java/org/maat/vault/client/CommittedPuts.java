package org.maat.vault.client;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The committed puts a read found for one name, by the servers that answered with them: the read's checkpoint
 * against returning one of two values stored under the name.
 *
 * <p>Guaranteed: a read returns a value only after {@link #requireOrdered} passed over every committed share that
 * answering servers gave it. One put, the normal case, passes at once. Several puts pass only when every server
 * holding one records the collection with the same servers: the puts were then decided, one after the other, by
 * the same deciding server (a server restored from a backup keeps an older one), and the read combines as before.
 * Otherwise (a registrar restored from an old backup let a put register the collection again with other servers)
 * the puts cannot be ordered and the read fails with {@link ConflictingValuesException}. Not guaranteed: detecting
 * a put whose committed shares are all on servers that did not answer (the put-side registration check is what
 * keeps such a put from being acknowledged).
 */
final class CommittedPuts {

    private final Map<String, SortedSet<Integer>> serversOf = new TreeMap<>();

    /** Records that {@code server} answered with a committed share of {@code put} ("" for shares without one). */
    void add(int server, String put) {
        serversOf.computeIfAbsent(put, p -> new TreeSet<>()).add(server);
    }

    /** The puts seen committed, each with the servers that hold it. */
    Map<String, SortedSet<Integer>> byPut() {
        return serversOf;
    }

    /**
     * Passes when the puts seen can be ordered: at most one, or all held by servers that record the collection with
     * the same servers.
     *
     * @param recorded asked only when there are several puts, for the holders: each server's record of the
     *        collection's servers (empty: it did not say)
     * @throws ConflictingValuesException naming each put's holders and what they record
     */
    void requireOrdered(String what, Function<List<Integer>, Map<Integer, Optional<Set<Integer>>>> recorded,
            ServerProblems problems) {
        if (serversOf.size() <= 1) {
            return;
        }
        List<Integer> holders = serversOf.values().stream().flatMap(Set::stream).distinct().sorted()
                .collect(Collectors.toList());
        Map<Integer, Optional<Set<Integer>>> records = recorded.apply(holders);
        Set<Optional<Set<Integer>>> distinct = holders.stream()
                .map(h -> records.getOrDefault(h, Optional.empty())).collect(Collectors.toSet());
        if (distinct.size() == 1 && distinct.iterator().next().isPresent()) {
            return;
        }
        String puts = serversOf.entrySet().stream().map(e -> "put " + shortId(e.getKey()) + " on servers "
                + join(e.getValue()) + " (recording the collection's servers as " + e.getValue().stream()
                        .map(h -> records.getOrDefault(h, Optional.empty()).map(CommittedPuts::join).map(s -> "[" + s + "]")
                                .orElse("unknown"))
                        .distinct().collect(Collectors.joining(" / ")) + ")")
                .collect(Collectors.joining(", "));
        throw new ConflictingValuesException("cannot read " + what + ": two values are stored under this name, by "
                + "puts that cannot be ordered: " + puts + "; delete it and put it again"
                + (problems.isEmpty() ? "" : "; " + problems.describe()), problems.byServer());
    }

    private static String shortId(String put) {
        return put.isEmpty() ? "(without id)" : put.length() > 8 ? put.substring(0, 8) : put;
    }

    private static String join(Set<Integer> ids) {
        return ids.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }
}
