package org.maat.disguise.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.population.PopulationSpec;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.search.SearchDisguises;
import org.maat.disguise.search.SearchFixture;
import org.maat.disguise.spec.DisguiseSpec;

/**
 * Review attack on "reveal restores exactly ... under any order": two employees leave one after the other and come
 * back in the order they left (two different users: no "latest first" rule binds them). Each departure records the
 * employee's position in manifest.json's employee list as it was at that moment (DisguisePlanner: indexOf), and a
 * reveal inserts at that position in the list as it is then (PlanApplier.manifest). The second leaver's position
 * was taken from a list the first had already left, so both come back, in the wrong order.
 */
class EmployeeOrderRevealReviewTest {

    static final DisguiseSpec DELETE = DisguiseSpecs.builtin("search-delete-account");

    @TempDir
    Path dir;

    @Test
    void twoEmployeesLeavingAndComingBackFirstInFirstOutRestoreTheManifestAsItWas() throws Exception {
        // TestData.SPEC with three employees (e0, e1, e2) instead of one
        PopulationSpec spec = new PopulationSpec(30, 3, 30, 50, 20, 0.10, 20, 2, 3, 8, 7);
        SearchFixture f = SearchFixture.generate(dir.resolve("fx"), spec, 40, 10);
        List<String> employeesBefore = f.data.readManifest().employees();
        String manifestBefore = Files.readString(f.data.manifest());
        assertThat(employeesBefore).as("the population has three employees").hasSize(3);
        String first = employeesBefore.get(0);
        String second = employeesBefore.get(1);

        PrivateKey firstKey = PrincipalKeys.generate();
        PrivateKey secondKey = PrincipalKeys.generate();
        Receipt firstLeft;
        Receipt secondLeft;
        try (SearchDisguises d = SearchDisguises.open(f.data, f.index.root())) {
            d.register(first, firstKey.publicKey());
            d.register(second, secondKey.publicKey());
            firstLeft = d.apply(DELETE, first, PrincipalProof.none());
            secondLeft = d.apply(DELETE, second, PrincipalProof.none());
        }
        assertThat(f.data.readManifest().employees()).doesNotContain(first, second);

        try (SearchDisguises d = SearchDisguises.open(f.data, f.index.root())) {
            d.reveal(firstLeft.locator(), firstKey); // neither reveal is refused: they are different users
            d.reveal(secondLeft.locator(), secondKey);
        }
        assertThat(f.data.readManifest().employees()).as("manifest.json's employees after both reveals")
                .containsExactlyElementsOf(employeesBefore);
        assertThat(Files.readString(f.data.manifest())).as("manifest.json byte for byte").isEqualTo(manifestBefore);
    }
}
