package org.maat.disguise.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.maat.core.population.PopulationSpec;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;

/**
 * Random populations with several employees (up to a dozen, so {@code e10} meets {@code e2}); employees delete
 * their accounts and come back in a random interleaving (any order: they are different users, and one may leave
 * again once back). After every step manifest.json lists exactly the employees who are not away, in the manifest's
 * one order; after the last reveal manifest.json and the roles file are byte for byte what generation wrote (the
 * first employee, the one with the HR role, first).
 */
class EmployeesLeaveAndComeBackTest {

    @TempDir
    Path dir;

    static IntStream seeds() {
        return IntStream.of(1, 2, 3);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void anyInterleavingOfLeavesAndRevealsGivesTheManifestBack(int seed) throws Exception {
        Random random = new Random(seed);
        int employees = 3 + random.nextInt(10);
        PopulationSpec spec = new PopulationSpec(20, 2, 30, 50, 20, 0.10, 5, 2, employees, 4, seed);
        SearchFixture f = SearchFixture.generate(dir.resolve("seed-" + seed), spec, 20, 10);
        List<String> original = f.data.readManifest().employees();
        String manifest = Files.readString(f.data.manifest());
        String roles = Files.readString(f.data.roles());
        assertThat(original).hasSize(employees).first().isEqualTo("e0");
        assertThat(roles).contains("e0\t");

        Map<String, PrivateKey> keys = new LinkedHashMap<>();
        try (SearchDisguises d = SearchDisguises.open(f.data, f.index.root())) {
            for (String e : original) {
                keys.put(e, PrincipalKeys.generate());
                d.register(e, keys.get(e).publicKey());
            }
        }
        Map<String, Receipt> away = new LinkedHashMap<>();
        int leaves = 0;
        for (int step = 0; step < 4 * employees || !away.isEmpty(); step++) {
            boolean leave = step < 4 * employees && (away.isEmpty() || away.size() < employees && random.nextBoolean());
            try (SearchDisguises d = SearchDisguises.open(f.data, f.index.root())) {
                if (leave) {
                    List<String> here = original.stream().filter(e -> !away.containsKey(e)).toList();
                    String e = here.get(random.nextInt(here.size()));
                    away.put(e, d.apply(SearchDisguisesTest.DELETE, e, PrincipalProof.none()));
                    leaves++;
                } else {
                    List<String> gone = new ArrayList<>(away.keySet());
                    String e = gone.get(random.nextInt(gone.size()));
                    d.reveal(away.remove(e).locator(), keys.get(e));
                }
            }
            assertThat(f.data.readManifest().employees()).as("step %d, away: %s", step, away.keySet())
                    .isEqualTo(original.stream().filter(e -> !away.containsKey(e)).toList());
        }
        assertThat(leaves).isGreaterThanOrEqualTo(employees);
        assertThat(Files.readString(f.data.manifest())).isEqualTo(manifest);
        assertThat(Files.readString(f.data.roles())).isEqualTo(roles);
    }
}
