package org.maat.core.population;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.InvalidSettingException;
import org.maat.core.conduit.ScanMode;
import org.maat.core.corpus.Corpus;
import org.maat.core.corpus.CorpusSpec;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.data.Manifest;
import org.maat.core.runtime.TestData;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.facts.Fact;
import org.maat.policy.mal.MalEntry;
import org.maat.policy.mal.MalLog;
import org.maat.policy.monitor.ReferenceMonitor;
import org.maat.policy.monitor.TaskMode;

class PopulationGeneratorTest {

    @TempDir
    Path dir;

    private static final PopulationSpec SPEC = new PopulationSpec(60, 4, 30, 50, 20, 0.05, 25, 3, 2, 12, 99);

    private Corpus corpus(int documents) throws IOException {
        String lines = IntStream.range(0, documents)
                .mapToObj(i -> "{\"id\": \"src-" + i + "\", \"title\": \"Title " + i + "\", \"body\": \"text of " + i + "\"}")
                .collect(Collectors.joining("\n"));
        return CorpusSpec.parse("jsonl:" + Files.writeString(dir.resolve("c.jsonl"), lines), 1);
    }

    private Manifest generate(Path out, PopulationSpec spec, int documents) throws IOException {
        return new PopulationGenerator(spec, PopulationGenerator.DEFAULT_ACCOUNTS, TestData.CHEAP_HASHER).generate(corpus(documents), DataDir.at(out), ScanMode.STRICT, b -> { },
                GenerationProgress.NONE);
    }

    @Test
    void firstUsersAndEveryEmployeeGetAnAccountWithAGeneratedLogin() throws IOException {
        DataDir data = DataDir.at(dir.resolve("data"));
        new PopulationGenerator(SPEC, 5, TestData.CHEAP_HASHER)
                .generate(corpus(50), data, ScanMode.STRICT, b -> { }, GenerationProgress.NONE);
        var logins = org.maat.core.accounts.GeneratedLogins.read(data);
        assertThat(logins).extracting(org.maat.core.accounts.Login::user)
                .containsExactly("u0", "u1", "u2", "u3", "u4", "e0", "e1");
        var accounts = org.maat.core.accounts.AccountStore.open(data);
        assertThat(logins).allSatisfy(l -> assertThat(accounts.authenticate(l.user(), l.password())).isTrue());
        assertThat(accounts.authenticate("u5", logins.get(0).password())).isFalse();
    }

    @Test
    void writesDocumentsPoliciesAndFactsOfTheWholePopulation() throws IOException {
        Manifest m = generate(dir.resolve("data"), SPEC, 400);
        assertThat(m.documents()).isEqualTo(400);
        assertThat(m.regions()).containsExactly("r0", "r1", "r2");
        assertThat(m.employees()).containsExactly("e0", "e1");
        try (DataSet data = DataSet.open(DataDir.at(dir.resolve("data")))) {
            assertThat(data.documents().size()).isEqualTo(400);
            assertThat(data.policies().conduitCount()).isEqualTo(400);
            Map<String, Long> byBase = data.policies().conduits()
                    .collect(Collectors.groupingBy(c -> c.attributes().get("template").split("\\+")[0],
                            Collectors.counting()));
            assertThat(byBase.get("private")).isBetween(80L, 160L);
            assertThat(byBase.get("public")).isBetween(160L, 240L);
            assertThat(byBase.get("friends")).isBetween(40L, 120L);
            Conduit d7 = data.policies().find("d7").orElseThrow();
            assertThat(d7.attributes()).containsEntry("source-id", "src-7");
            assertThat(data.documents().get("d7").orElseThrow().title()).isEqualTo("Title 7");

            List<Fact> facts = data.policies().storedFacts().toList();
            Map<String, Integer> degree = new HashMap<>();
            for (Fact f : facts) {
                if (f.relation().equals("friend")) {
                    assertThat(facts).contains(Fact.of("friend", f.args().get(1), f.args().get(0)));
                    degree.merge(f.args().get(0), 1, Integer::sum);
                }
            }
            assertThat(degree.values()).allSatisfy(d -> assertThat(d).isBetween(3, 4));
            assertThat(degree.values().stream().filter(d -> d == 4).count()).isGreaterThan(55);
            assertThat(facts.stream().filter(f -> f.relation().equals("blocked") && f.args().get(0).equals("r0"))
                    .count()).isGreaterThanOrEqualTo(25);
            assertThat(facts).contains(Fact.of("employee", "e0"), Fact.of("employee", "e1"));
            assertThat(MalLog.verify(data.dir().malLog()).describe()).contains("12");
        }
    }

    @Test
    void theMonitorEnforcesTheGeneratedPoliciesIncludingMalEntries() throws IOException {
        generate(dir.resolve("data"), SPEC, 400);
        try (DataSet data = DataSet.open(DataDir.at(dir.resolve("data")))) {
            MalEntry logged = data.malLog().entries().get(0);
            Conduit target = data.policies().find(logged.conduitId()).orElseThrow();
            assertThat(target.attributes().get("template")).doesNotStartWith("public").contains("+mal");
            assertThat(mayRead(data, logged.principal(), "r1", target)).as("logged employee").isTrue();
            assertThat(mayRead(data, target.owner(), "r1", target)).as("owner").isTrue();
            String other = logged.principal().equals("e0") ? "e1" : "e0";
            boolean otherLogged = data.malLog().entries().stream()
                    .anyMatch(e -> e.principal().equals(other) && e.conduitId().equals(target.id()));
            assertThat(mayRead(data, other, "r1", target)).as("employee without an entry").isEqualTo(otherLogged);
            Conduit blocked = data.policies().storedFacts()
                    .filter(f -> f.relation().equals("blocked") && f.args().get(0).equals("r0"))
                    .map(f -> data.policies().find(f.args().get(1)).orElseThrow())
                    .filter(c -> c.attributes().get("template").startsWith("public")).findFirst().orElseThrow();
            assertThat(mayRead(data, "u1", "r0", blocked)).as("blacklisted in r0").isFalse();
        }
    }

    private static boolean mayRead(DataSet data, String principal, String region, Conduit c) {
        try (var task = new ReferenceMonitor(data.engine(), data.policies()).open(Session.of(principal, region), TaskMode.UNCONFINED)) {
            return task.mayRead(c);
        }
    }

    @Test
    void theSameSeedGivesTheSameData() throws IOException {
        generate(dir.resolve("a"), SPEC, 150);
        generate(dir.resolve("b"), SPEC, 150);
        try (DataSet a = DataSet.open(DataDir.at(dir.resolve("a")));
                DataSet b = DataSet.open(DataDir.at(dir.resolve("b")))) {
            assertThat(a.policies().conduits().toList()).isEqualTo(b.policies().conduits().toList());
            assertThat(a.policies().storedFacts().toList()).isEqualTo(b.policies().storedFacts().toList());
        }
    }

    @Test
    void anExistingDataDirectoryIsNeverOverwrittenAndAnInterruptedOneIsRefused() throws IOException {
        generate(dir.resolve("data"), SPEC, 100);
        assertThatThrownBy(() -> generate(dir.resolve("data"), SPEC, 100)).hasMessageContaining("already holds");
        Files.delete(dir.resolve("data").resolve("manifest.json"));
        assertThatThrownBy(() -> DataSet.open(DataDir.at(dir.resolve("data"))))
                .hasMessageContaining("interrupted 'maat generate'");
    }

    @Test
    void badParametersNameTheirSetting() {
        assertThatThrownBy(() -> new PopulationSpec(10, 10, 30, 50, 20, 0.01, 0, 1, 0, 0, 1))
                .isInstanceOfSatisfying(InvalidSettingException.class,
                        e -> assertThat(e.setting()).isEqualTo(PopulationSpec.FRIENDS))
                .hasMessageContaining("between 0 and users - 1 (9), not 10");
        assertThatThrownBy(() -> new PopulationSpec(10, 2, 30, 50, 30, 0.01, 0, 1, 0, 0, 1))
                .isInstanceOfSatisfying(InvalidSettingException.class,
                        e -> assertThat(e.setting()).isEqualTo(PopulationSpec.MIX));
        assertThatThrownBy(() -> new PopulationSpec(10, 2, 30, 50, 20, 0.01, 0, 1, 0, 5, 1))
                .hasMessage("MAL accesses needs at least one employee");
        assertThatThrownBy(() -> PopulationSpec.parseMix("30-50-20")).hasMessageContaining("30/50/20");
        assertThatThrownBy(() -> generate(dir.resolve("small"), SPEC, 10))
                .isInstanceOfSatisfying(InvalidSettingException.class,
                        e -> assertThat(e.setting()).isEqualTo(PopulationSpec.BLACKLIST))
                .hasMessageContaining("blacklist 25 exceeds");
    }
}
