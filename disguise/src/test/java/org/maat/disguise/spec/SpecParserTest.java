package org.maat.disguise.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.spec.DisguiseSpec.AppliesTo;
import org.maat.disguise.spec.DisguiseSpec.Decorrelate;
import org.maat.disguise.spec.DisguiseSpec.Pseudoprincipals;
import org.maat.disguise.spec.DisguiseSpec.Remove;

class SpecParserTest {

    private static final String HEAD = "{\n  \"disguise\": \"d\",\n  \"applies-to\": \"jdbc\",\n"
            + "  \"principal\": {\"table\": \"USERS\", \"id\": \"EMAIL\"},\n";

    private static SpecException refusal(String text) {
        try {
            SpecParser.parse("f.json", text);
        } catch (SpecException e) {
            return e;
        }
        throw new AssertionError("accepted: " + text);
    }

    @Test
    void everyBuiltinSpecParses() {
        for (String name : DisguiseSpecs.builtinNames()) {
            DisguiseSpec spec = DisguiseSpecs.builtin(name);
            assertThat(spec.name()).isEqualTo(name);
            assertThat(spec.source()).isEqualTo("builtin:" + name);
        }
    }

    @Test
    void hrSpecDecorrelatesThreeReferencesToOnePseudoprincipalThenRemovesTheEmployee() {
        DisguiseSpec hr = DisguiseSpecs.builtin("hr-employee-leaves");
        assertThat(hr.appliesTo()).isEqualTo(AppliesTo.JDBC);
        assertThat(hr.principal()).isEqualTo(new DisguiseSpec.PrincipalTable("EMPLOYEES", "EMPLOYEE_ID"));
        assertThat(hr.pseudoprincipal().get("EMPLOYEE_ID")).isInstanceOf(ValueRule.NewId.class);
        assertThat(hr.pseudoprincipal().get("LAST_NAME")).isEqualTo(new ValueRule.Constant("Former employee"));
        assertThat(hr.steps()).hasSize(4);
        Decorrelate first = (Decorrelate) hr.steps().get(0);
        assertThat(first.target()).isEqualTo("JOB_HISTORY");
        assertThat(first.key()).containsExactly("EMPLOYEE_ID", "START_DATE");
        assertThat(first.pseudoprincipals()).isEqualTo(Pseudoprincipals.ONE);
        assertThat(hr.steps().get(3)).isInstanceOf(Remove.class);
        assertThat(hr.steps().get(3).at().line()).isEqualTo(23);
    }

    @Test
    void searchSpecsNameDataKinds() {
        DisguiseSpec anon = DisguiseSpecs.builtin("search-anonymize-account");
        assertThat(anon.appliesTo()).isEqualTo(AppliesTo.SEARCH);
        assertThat(anon.principal()).isNull();
        assertThat(anon.steps()).extracting(DisguiseSpec.Step::target)
                .containsExactly("documents", "friendships", "history", "login");
    }

    @Test
    void unknownBuiltinNamesTheBuiltins() {
        assertThatThrownBy(() -> DisguiseSpecs.builtin("nope")).hasMessageContaining("websubmit-delete-account");
    }

    @Test
    void loadFromFileNamesTheFileInErrors(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("x.json");
        Files.writeString(f, HEAD + "  \"steps\": []\n}\n");
        assertThatThrownBy(() -> DisguiseSpecs.load(f)).isInstanceOf(SpecException.class)
                .hasMessage(f + ":5:12: \"steps\" is empty: a disguise must do something");
        assertThatThrownBy(() -> DisguiseSpecs.load(dir.resolve("none.json"))).hasMessageContaining("no such file");
    }

    @Test
    void invalidJsonNamesWhere() {
        SpecException e = refusal("{\n  \"disguise\": \"d\",\n  \"applies-to\" \"jdbc\"\n}");
        assertThat(e.line()).isEqualTo(3);
        assertThat(e.getMessage()).startsWith("f.json:3:").contains("not valid JSON");
    }

    @Test
    void unknownTopLevelField() {
        SpecException e = refusal(HEAD + "  \"stepz\": []\n}");
        assertThat(e).hasMessage("f.json:5:3: unknown field \"stepz\" in top level (allowed: applies-to, "
                + "description, disguise, principal, pseudoprincipal, steps)");
    }

    @Test
    void unknownFieldInStep() {
        SpecException e = refusal(HEAD + "  \"steps\": [\n    {\"remove\": \"ANSWERS\", \"owner\": \"EMAIL\", "
                + "\"key\": [\"EMAIL\"], \"where\": \"x\"}\n  ]\n}");
        assertThat(e.getMessage()).startsWith("f.json:6:63: unknown field \"where\" in a remove step");
    }

    @Test
    void wrongTypes() {
        assertThat(refusal("[1]")).hasMessage("f.json:1:1: the specification must be an object, not an array");
        assertThat(refusal(HEAD + "  \"steps\": {}\n}")).hasMessage("f.json:5:12: \"steps\" must be an array, not an object");
        assertThat(refusal(HEAD + "  \"steps\": [{\"remove\": 3, \"owner\": \"EMAIL\", \"key\": [\"EMAIL\"]}]\n}"))
                .hasMessage("f.json:5:24: \"remove\" must be a string, not a number");
        assertThat(refusal("{\"disguise\": true}")).hasMessage("f.json:1:14: \"disguise\" must be a string, not a boolean");
    }

    @Test
    void unknownRule() {
        SpecException e = refusal(HEAD + "  \"steps\": [{\"modify\": \"USERS\", \"owner\": \"EMAIL\", \"key\": [\"EMAIL\"],\n"
                + "    \"columns\": {\"APIKEY\": \"scramble\"}}]\n}");
        assertThat(e.getMessage()).startsWith("f.json:6:27: unknown value rule \"scramble\"");
    }

    @Test
    void newIdOnlyForPseudoprincipalColumns() {
        SpecException e = refusal(HEAD + "  \"steps\": [{\"modify\": \"USERS\", \"owner\": \"EMAIL\", \"key\": [\"EMAIL\"],\n"
                + "    \"columns\": {\"APIKEY\": \"new-id\"}}]\n}");
        assertThat(e.getMessage()).startsWith("f.json:6:27: \"new-id\" is for \"pseudoprincipal\" columns only");
    }

    @Test
    void unknownSearchKind() {
        SpecException e = refusal("{\"disguise\": \"d\", \"applies-to\": \"search\",\n \"steps\": [{\"remove\": \"mail\"}]}");
        assertThat(e).hasMessage("f.json:2:23: unknown data kind \"mail\"; expected documents, friendships, history or login");
    }

    @Test
    void unknownAppliesTo() {
        assertThat(refusal("{\"disguise\": \"d\", \"applies-to\": \"ldap\", \"steps\": []}"))
                .hasMessage("f.json:1:33: \"applies-to\" is \"ldap\"; expected \"jdbc\" or \"search\"");
    }

    @Test
    void missingFields() {
        assertThat(refusal("{\n\"applies-to\": \"jdbc\"}")).hasMessage("f.json:1:1: missing field \"disguise\"");
        assertThat(refusal("{\"disguise\": \"d\", \"applies-to\": \"jdbc\", \"steps\": []}"))
                .hasMessage("f.json:1:1: missing field \"principal\"");
        assertThat(refusal(HEAD + "  \"steps\": [{\"remove\": \"ANSWERS\", \"owner\": \"EMAIL\"}]\n}"))
                .hasMessage("f.json:5:13: missing field \"key\"");
        assertThat(refusal(HEAD + "  \"steps\": [{\"owner\": \"EMAIL\"}]\n}"))
                .hasMessage("f.json:5:13: a step needs one of \"remove\", \"modify\" or \"decorrelate\"");
    }

    @Test
    void decorrelateNeedsAPseudoprincipalWithANewId() {
        assertThat(refusal(HEAD + "  \"steps\": [{\"decorrelate\": \"ANSWERS\", \"column\": \"EMAIL\", \"key\": [\"EMAIL\"]}]\n}")
                .getMessage()).startsWith("f.json:1:1: a disguise that decorrelates needs \"pseudoprincipal\"");
    }

    @Test
    void duplicateKeys() {
        assertThat(refusal("{\"disguise\": \"d\",\n  \"disguise\": \"e\"}"))
                .hasMessage("f.json:2:3: duplicate key \"disguise\" (first at line 1)");
    }

    @Test
    void namesThatAreNotSqlIdentifiersAreRefused() {
        assertThat(refusal(HEAD + "  \"steps\": [{\"remove\": \"ANSWERS; DROP TABLE X\", \"owner\": \"EMAIL\", \"key\": [\"EMAIL\"]}]\n}")
                .getMessage()).startsWith("f.json:5:24: \"remove\" \"ANSWERS; DROP TABLE X\" is not a plain SQL name");
    }

    @Test
    void searchSpecsRefuseJdbcFieldsAndModify() {
        assertThat(refusal("{\"disguise\": \"d\", \"applies-to\": \"search\", \"principal\": {}, \"steps\": []}").getMessage())
                .isEqualTo("f.json:1:43: \"principal\" is for \"applies-to\": \"jdbc\" only");
        assertThat(refusal("{\"disguise\": \"d\", \"applies-to\": \"search\", \"steps\": [{\"modify\": \"login\"}]}").getMessage())
                .startsWith("f.json:1:54: search data has no columns to modify");
    }
}
