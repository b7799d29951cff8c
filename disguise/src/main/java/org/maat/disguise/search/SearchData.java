package org.maat.disguise.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.maat.core.accounts.AccountStore;
import org.maat.core.conduit.Document;
import org.maat.core.data.DataSet;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.task.Monitor;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;
import org.maat.policy.facts.Fact;

/**
 * The live objects of one data directory that a search disguise reads and changes: the data set
 * (opened for changes), the accounts, the index and the monitor of the disguise's tasks. The owner
 * (the front-end or the command line) keeps serving with the same objects, so it sees each change
 * as soon as it is made.
 */
record SearchData(DataSet data, AccountStore accounts, IndexLayout index, Monitoring monitoring, Monitor monitor,
                  ProfileFiles profiles) {

    /** Document conduits owned by any of {@code owners}, in id order. */
    List<Conduit> documentsOwnedBy(Set<String> owners) {
        try (Stream<Conduit> all = data.policies().conduits()) {
            return all.filter(c -> owners.contains(c.owner()) && Document.ordinal(c.id()) >= 0).toList();
        }
    }

    /**
     * Whether {@code party} is in the data apart from {@code principal}: an account, a document, a profile or
     * a friendship with anyone else. Read when a disguise removes {@code principal}'s friendships, and again
     * when it is revealed: a party present then and absent now has left since (their own disguise took
     * them away), and a friendship restored with them would write their name back.
     */
    boolean present(String party, String principal) {
        return accounts.hashOf(party).isPresent() || profiles.exists(party)
                || friendships(party).stream().anyMatch(f -> !f.args().contains(principal))
                || !documentsOwnedBy(Set.of(party)).isEmpty();
    }

    /**
     * Every stored fact with an argument among {@code ids}, whatever its relation: the one place a disguise
     * enumerates the facts that name a user or a document ({@code friend}, {@code employee}, {@code blocked},
     * and any relation a later generator or policy adds).
     */
    List<Fact> factsNaming(Set<String> ids) {
        try (Stream<Fact> all = data.policies().storedFacts()) {
            return all.filter(f -> f.args().stream().anyMatch(ids::contains)).toList();
        }
    }

    /** The friendships of {@code user}: {@code friend(user, X)} and {@code friend(X, user)}. */
    List<Fact> friendships(String user) {
        List<Fact> facts = new ArrayList<>();
        for (List<String> args : data.policies().facts().match("friend", new String[] {user, null})) {
            facts.add(new Fact("friend", args));
        }
        for (List<String> args : data.policies().facts().match("friend", new String[] {null, user})) {
            if (!args.get(0).equals(user)) {
                facts.add(new Fact("friend", args));
            }
        }
        return facts;
    }
}
