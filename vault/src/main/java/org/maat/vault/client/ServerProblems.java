package org.maat.vault.client;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.maat.vault.config.ServerEndpoint;

/**
 * What went wrong with which server during one operation, for its error message and its report: per
 * server (in id order) the distinct reasons, so a server that is down reads "refused the connection"
 * once though both its ACS and its SS were tried.
 */
final class ServerProblems {

    private final Map<Integer, ServerEndpoint> servers = new TreeMap<>();
    private final Map<Integer, Set<String>> reasons = new TreeMap<>();
    private final Set<Integer> unreachable = new java.util.HashSet<>();

    void add(ServerEndpoint server, String reason) {
        servers.put(server.id(), server);
        reasons.computeIfAbsent(server.id(), id -> new LinkedHashSet<>()).add(reason);
    }

    /** Records a failed exchange; one that got no answer marks its server unreachable for this operation. */
    void add(Exchange failed) {
        add(failed.server(), failed.problem());
        if (!failed.answered()) {
            unreachable.add(failed.server().id());
        }
    }

    /** No request to this server got an answer in this operation: later phases skip it. */
    boolean unreachable(int serverId) {
        return unreachable.contains(serverId);
    }

    boolean isEmpty() {
        return reasons.isEmpty();
    }

    /** Per server id, its reasons joined: the public view ({@link Retrieval#problems()}, exceptions). */
    Map<Integer, String> byServer() {
        Map<Integer, String> out = new TreeMap<>();
        reasons.forEach((id, why) -> out.put(id, String.join("; ", why)));
        return Collections.unmodifiableMap(out);
    }

    /** "server 2 (127.0.0.1:9442) refused the connection, server 3 (127.0.0.1:9443) timed out ...". */
    String describe() {
        List<String> parts = new ArrayList<>();
        reasons.forEach((id, why) -> parts.add(servers.get(id).describe() + " " + String.join(" and ", why)));
        return String.join(", ", parts);
    }

    static String ids(List<ServerEndpoint> servers) {
        return servers.stream().map(s -> Integer.toString(s.id())).collect(Collectors.joining(", "));
    }
}
