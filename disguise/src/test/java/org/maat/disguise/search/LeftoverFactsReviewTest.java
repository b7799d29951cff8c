package org.maat.disguise.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataSet;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.policy.facts.Fact;

/**
 * Promise: "after a disguise, Maat's stores hold nothing of the principal": a byte scan of every file "finds neither
 * the user's name, nor their documents' distinctive words, nor their document ids". Two kinds of facts that name the
 * principal or their documents are not part of any disguise (the planner removes only {@code friend} facts):
 * <ul>
 *   <li>{@code blocked(region, doc)}, which {@code maat generate} writes for censored and blacklisted documents: a
 *       deleted user's document ids stay, live, in {@code policy.db} (the test data's user owns such documents);</li>
 *   <li>{@code employee(e)}: an employee (an account holder of the search front-end, the HR user of the generated
 *       data) who deletes their account stays named as an employee in {@code policy.db}, and in
 *       {@code manifest.json}'s list of employees, beside their removed account and roles line.</li>
 * </ul>
 * Both through the command line's path ({@code SearchDisguises.open}, closed: {@code policy.db} is rewritten from its
 * live entries, so what is found below is live data, not residue).
 */
class LeftoverFactsReviewTest {

    @TempDir
    Path dir;

    private static List<Fact> facts(SearchFixture f) throws Exception {
        try (DataSet set = DataSet.open(f.data); Stream<Fact> s = set.policies().storedFacts()) {
            return s.toList();
        }
    }

    @Test
    void aDeletedUsersDocumentIdsStayInBlockedFacts() throws Exception {
        SearchFixture f = SearchFixture.copy(dir);
        List<String> docs;
        try (SearchFixture.Live live = f.open()) {
            docs = live.documentsOf(f.user);
        }
        List<Fact> blockedBefore = facts(f).stream()
                .filter(x -> x.relation().equals("blocked") && docs.contains(x.args().get(1))).toList();
        assertThat(blockedBefore).as("the user owns censored documents (the test data's censorship facts)").isNotEmpty();

        try (SearchDisguises disguises = SearchDisguises.open(f.data, f.index.root())) {
            disguises.register(f.user, PrincipalKeys.generate().publicKey());
            disguises.apply(SearchDisguisesTest.DELETE, f.user, PrincipalProof.none());
        }

        List<Fact> naming = new ArrayList<>();
        for (Fact x : facts(f)) {
            if (x.args().stream().anyMatch(a -> docs.contains(a) || a.equals(f.user))) {
                naming.add(x);
            }
        }
        String policyDb = new String(Files.readAllBytes(f.data.policyStore()), StandardCharsets.ISO_8859_1);
        List<String> raw = docs.stream().filter(id -> policyDb.matches("(?s).*blocked.{1,4}r[0-9].{1,4}" + id + "(?![0-9]).*"))
                .toList();
        assertThat(naming).as("facts in policy.db naming the deleted documents " + docs + " of " + f.user
                + " (raw policy.db bytes hold blocked(r, id) for " + raw + ")").isEmpty();
    }

    @Test
    void anEmployeeWhoDeletesTheirAccountStaysNamedAsAnEmployee() throws Exception {
        SearchFixture f = SearchFixture.copy(dir);
        String employee = facts(f).stream().filter(x -> x.relation().equals("employee")).map(x -> x.args().get(0))
                .findFirst().orElseThrow();
        try (SearchFixture.Live live = f.open()) {
            assertThat(live.accounts.hashOf(employee)).as(employee + " has an account").isPresent();
        }

        try (SearchDisguises disguises = SearchDisguises.open(f.data, f.index.root())) {
            disguises.register(employee, PrincipalKeys.generate().publicKey());
            disguises.apply(SearchDisguisesTest.DELETE, employee, PrincipalProof.none());
        }
        try (SearchFixture.Live live = f.open()) {
            assertThat(live.accounts.hashOf(employee)).as("the account is gone").isEmpty();
        }
        assertThat(Files.readAllLines(f.data.roles())).as("the roles line is gone")
                .noneMatch(l -> l.startsWith(employee + "\t"));

        List<String> left = new ArrayList<>();
        facts(f).stream().filter(x -> x.args().contains(employee)).forEach(x -> left.add("policy.db: " + x));
        String manifest = Files.readString(f.data.root().resolve("manifest.json"));
        if (manifest.matches("(?s).*\"employees\"\\s*:\\s*\\[[^]]*\"" + employee + "\".*")) {
            left.add("manifest.json: \"employees\" lists " + employee);
        }
        assertThat(left).as("what still names " + employee + " after " + Set.of("search-delete-account")).isEmpty();
    }
}
