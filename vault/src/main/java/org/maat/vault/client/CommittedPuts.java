package org.maat.vault.client;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * What the servers a read asked say about one name: the committed put each one answered with (or that it holds
 * none, or that it could not be read), and how each records the collection's servers. The read's checkpoint
 * against returning one of two values stored under the name: {@link #requireOneValue} runs before any value is
 * returned.
 *
 * <p>Guaranteed: when the servers agree on the collection's servers (the normal case: the registrar fixed them),
 * every put of the name was decided by the one deciding server, one after the other, and the read then follows the
 * latest of them by its epoch ({@link Decisions}: a server restored from a backup may hold an older put, which is
 * never combined, however many such servers answer). When they disagree (a
 * registrar restored from an old backup registered the collection again with other servers, and a put raced that
 * registration), a value is returned only if every server recording other servers than the value's holders said it
 * holds no committed share of the name; two committed puts on servers recording different servers, or a server
 * recording other servers that could not be read, fail the read with {@link ConflictingValuesException}. Not
 * guaranteed: detecting a put all of whose servers are down (nothing of it answers); the registration's check
 * ({@code VaultClient}) is what keeps a second registration from being made while the first one's servers answer.
 */
final class CommittedPuts {

    private final Map<String, SortedSet<Integer>> serversOf = new TreeMap<>();
    private final Map<Integer, Set<Integer>> recorded = new TreeMap<>();
    private final Set<Integer> absent = new TreeSet<>();

    /** {@code server} answered with a committed share of {@code put} ("" for shares stored without one). */
    void committed(int server, String put) {
        serversOf.computeIfAbsent(put, p -> new TreeSet<>()).add(server);
    }

    /** {@code server} holds no committed share of the name (404). */
    void absent(int server) {
        absent.add(server);
    }

    /** {@code server} records the collection with servers {@code acs}. */
    void recorded(int server, Set<Integer> acs) {
        recorded.put(server, Set.copyOf(acs));
    }

    /**
     * Passes when the answers show at most one value, or values the one deciding server ordered.
     *
     * @throws ConflictingValuesException naming each put's servers, and the servers recording other collection
     *         servers that could not be read
     */
    void requireOneValue(String what, String collection, ServerProblems problems) {
        if (serversOf.isEmpty()) {
            return; // nothing will be returned
        }
        Set<Integer> holders = serversOf.values().stream().flatMap(Set::stream).collect(Collectors.toSet());
        Set<Optional<Set<Integer>>> holderRecords = holders.stream()
                .map(h -> Optional.ofNullable(recorded.get(h))).collect(Collectors.toSet());
        if (serversOf.size() > 1) {
            if (holderRecords.size() == 1 && holderRecords.iterator().next().isPresent()) {
                return; // several puts, all decided by one deciding server: ordered
            }
            throw conflict(what, "two values are stored under this name, by puts that cannot be ordered: "
                    + describePuts(), problems);
        }
        if (holderRecords.size() != 1 || holderRecords.iterator().next().isEmpty()) {
            throw conflict(what, "the servers holding it record collection " + collection + " differently: "
                    + describePuts(), problems);
        }
        Set<Integer> own = holderRecords.iterator().next().get();
        List<Integer> unread = recorded.entrySet().stream()
                .filter(e -> !e.getValue().equals(own) && !absent.contains(e.getKey()))
                .map(Map.Entry::getKey).collect(Collectors.toList());
        if (!unread.isEmpty()) {
            throw conflict(what, "two values may be stored under this name: " + describePuts() + ", but "
                    + (unread.size() == 1 ? "server " : "servers ") + join(unread) + " record"
                    + (unread.size() == 1 ? "s" : "") + " collection " + collection + " with other servers ("
                    + unread.stream().map(recorded::get).distinct().map(s -> "[" + join(s) + "]")
                            .collect(Collectors.joining(" / "))
                    + ") and could not be read", problems);
        }
    }

    private ConflictingValuesException conflict(String what, String why, ServerProblems problems) {
        return new ConflictingValuesException("cannot read " + what + ": " + why + "; delete it and put it again"
                + (problems.isEmpty() ? "" : "; " + problems.describe()), problems.byServer());
    }

    private String describePuts() {
        return serversOf.entrySet().stream().map(e -> "put " + shortId(e.getKey()) + " on servers "
                + join(e.getValue()) + " (recording the collection's servers as " + e.getValue().stream()
                        .map(h -> Optional.ofNullable(recorded.get(h)).map(s -> "[" + join(s) + "]").orElse("unknown"))
                        .distinct().collect(Collectors.joining(" / ")) + ")")
                .collect(Collectors.joining(", "));
    }

    private static String shortId(String put) {
        return put.isEmpty() ? "(without id)" : put.length() > 8 ? put.substring(0, 8) : put;
    }

    private static String join(java.util.Collection<Integer> ids) {
        return ids.stream().sorted().map(String::valueOf).collect(Collectors.joining(", "));
    }
}
