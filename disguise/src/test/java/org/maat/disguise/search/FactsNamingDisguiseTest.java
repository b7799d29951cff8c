package org.maat.disguise.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataSet;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.policy.facts.Fact;

/**
 * A disguise withdraws every fact that names the user or one of their removed documents, whatever its relation
 * ({@code blocked(region, doc)}, {@code employee(e)}), and the user's place in the manifest's employees; the reveal
 * puts each back where it was: the facts and {@code manifest.json} equal what they were, byte for byte.
 */
class FactsNamingDisguiseTest {

    @TempDir
    Path dir;

    private static List<String> facts(SearchFixture f) throws Exception {
        try (DataSet set = DataSet.open(f.data); Stream<Fact> s = set.policies().storedFacts()) {
            return s.map(Fact::toString).sorted().toList();
        }
    }

    @Test
    void anEmployeeAndACensoredDocumentsOwnerComeBackWithEveryFactAndTheirPlaceInTheManifest() throws Exception {
        SearchFixture f = SearchFixture.copy(dir);
        List<String> factsBefore = facts(f);
        String manifestBefore = Files.readString(f.data.manifest());
        String employee = f.data.readManifest().employees().get(0);
        assertThat(factsBefore).as("the data names an employee and blocks documents").anyMatch(x -> x.startsWith("employee("))
                .anyMatch(x -> x.startsWith("blocked("));

        PrivateKey userKey = PrincipalKeys.generate();
        PrivateKey employeeKey = PrincipalKeys.generate();
        Receipt user;
        Receipt staff;
        try (SearchDisguises d = SearchDisguises.open(f.data, f.index.root())) {
            d.register(f.user, userKey.publicKey());
            d.register(employee, employeeKey.publicKey());
            user = d.apply(SearchDisguisesTest.DELETE, f.user, PrincipalProof.none());
            staff = d.apply(SearchDisguisesTest.ANONYMIZE, employee, PrincipalProof.none());
        }
        assertThat(facts(f)).noneMatch(x -> x.contains("(" + employee + ")") || x.contains("(" + employee + ","));
        assertThat(f.data.readManifest().employees()).doesNotContain(employee);

        try (SearchDisguises d = SearchDisguises.open(f.data, f.index.root())) {
            d.reveal(user.locator(), userKey); // the first to leave comes back first
            d.reveal(staff.locator(), employeeKey);
        }
        assertThat(facts(f)).isEqualTo(factsBefore);
        assertThat(Files.readString(f.data.manifest())).isEqualTo(manifestBefore);
    }
}
