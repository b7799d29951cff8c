package org.maat.server.demo;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.maat.core.accounts.GeneratedLogins;
import org.maat.core.accounts.Login;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.data.Manifest;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.SearchService;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.facts.FactSource;

/**
 * Who plays which part in the serving demo, found in the data before the server starts: a
 * friends-only document with its owner, a friend and a stranger; a public document censored in the
 * blacklisting region; an employee and a protected document the employee has no MAL entry for; each
 * document with a title query that finds it (plain Lucene top 10), and every user with a login.
 */
record DemoCast(Manifest manifest, Map<String, Login> logins,
                Conduit shared, String sharedQuery, String owner, String friend, String stranger,
                Conduit censored, String censoredQuery, String censoredReader,
                Conduit protectedDoc, String protectedQuery, String employee, String otherRegion) {

    private static final int K = 10;

    static DemoCast find(DataDir data, IndexLayout index) throws IOException {
        Map<String, Login> logins = new java.util.LinkedHashMap<>();
        GeneratedLogins.read(data).forEach(l -> logins.put(l.user(), l));
        try (SearchService service = SearchService.open(data, index, Monitoring.REFERENCE_MONITOR)) {
            DataSet set = service.data();
            Manifest manifest = set.manifest();
            FactSource facts = set.engine().facts();
            String blacklist = manifest.blacklistRegion();
            String other = manifest.regions().stream().filter(r -> !r.equals(blacklist)).findFirst()
                    .orElseThrow(() -> new IllegalStateException("the demo needs at least two regions"));
            if (manifest.employees().isEmpty() || !logins.containsKey(manifest.employees().get(0))) {
                throw new IllegalStateException("the demo needs an employee with a login");
            }
            String employee = manifest.employees().get(0);
            Conduit shared = null;
            String sharedQuery = null;
            String owner = null;
            String friend = null;
            String stranger = null;
            Conduit censored = null;
            String censoredQuery = null;
            Conduit protectedDoc = null;
            String protectedQuery = null;
            try (Stream<Conduit> all = set.policies().conduits()) {
                for (Conduit c : (Iterable<Conduit>) all::iterator) {
                    String template = c.attributes().getOrDefault("template", "");
                    if (template.isEmpty()) {
                        continue;
                    }
                    boolean done = shared != null && censored != null && protectedDoc != null;
                    if (done) {
                        break;
                    }
                    String title = set.documents().get(c.id()).map(d -> d.title().strip()).orElse("");
                    if (title.isEmpty()) {
                        continue;
                    }
                    if (censored == null && template.startsWith("public") && facts.contains("blocked", List.of(blacklist, c.id()))
                            && !facts.contains("blocked", List.of(other, c.id())) && found(service, c, title)) {
                        censored = c;
                        censoredQuery = title;
                    } else if (shared == null && template.startsWith("friends") && logins.containsKey(c.owner())
                            && !blockedAnywhere(facts, manifest, c) && found(service, c, title)) {
                        Optional<String> f = facts.neighbours("friend", 0, c.owner()).stream()
                                .filter(logins::containsKey).findFirst();
                        Optional<String> s = logins.keySet().stream()
                                .filter(u -> !u.equals(c.owner()) && !manifest.employees().contains(u)
                                        && !facts.contains("friend", List.of(c.owner(), u)))
                                .findFirst();
                        if (f.isPresent() && s.isPresent()) {
                            shared = c;
                            sharedQuery = title;
                            owner = c.owner();
                            friend = f.get();
                            stranger = s.get();
                        }
                    } else if (protectedDoc == null && !template.startsWith("public") && !c.owner().equals(employee)
                            && !facts.contains("logged", List.of(employee, c.id()))
                            && !blockedAnywhere(facts, manifest, c) && found(service, c, title)) {
                        protectedDoc = c;
                        protectedQuery = title;
                    }
                }
            }
            if (shared == null || censored == null || protectedDoc == null) {
                throw new IllegalStateException("the demo data lacks a part to play: a friends-only document with "
                        + "a friend and a stranger with logins, a censored public document, or a protected document "
                        + "(generate more documents or users)");
            }
            String reader = friend; // any user may read a public document; region alone decides
            return new DemoCast(manifest, logins, shared, sharedQuery, owner, friend, stranger, censored, censoredQuery,
                    reader, protectedDoc, protectedQuery, employee, other);
        }
    }

    private static boolean found(SearchService service, Conduit c, String title) throws IOException {
        return service.asUnfiltered().search(Session.of("demo"), title, K).contains(c.id());
    }

    private static boolean blockedAnywhere(FactSource facts, Manifest manifest, Conduit c) {
        return manifest.regions().stream().anyMatch(r -> facts.contains("blocked", List.of(r, c.id())));
    }
}
