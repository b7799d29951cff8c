package org.maat.jmeter.plans;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maat.jmeter.run.LoadSettings;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The checked-in plans are well-formed and hold the thread groups the harness sets by property. */
class PlanFilesTest {

    @ParameterizedTest
    @ValueSource(strings = {"erp-queries", "erp-pairs", "search-mix", "vault"})
    void steppedPlansHoldOneThreadGroupPerLevelAndRateNamedByTheirProperty(String plan) throws Exception {
        Document doc = parse(plan);
        List<String> groups = names(doc, "ThreadGroup");
        List<String> open = names(doc, "OpenModelThreadGroup");

        assertThat(groups).hasSize(LoadSettings.MAX_STEPS);
        for (int i = 1; i <= LoadSettings.MAX_STEPS; i++) {
            assertThat(groups).contains("threads-${__P(level." + i + ",0)}");
        }
        assertThat(open).hasSize(LoadSettings.MAX_RATES);
        for (int i = 1; i <= LoadSettings.MAX_RATES; i++) {
            assertThat(open).contains("rate-${__P(rate." + i + ",0)}");
        }
        assertThat(doc.getDocumentElement().getAttribute("jmeter")).isEqualTo("5.6.3");
    }

    @ParameterizedTest
    @ValueSource(strings = {"erp-queries", "erp-pairs", "q10-q10r", "search-mix", "vault", "disguise"})
    void everyPlanSendsToTheHostAndPortProperties(String plan) throws Exception {
        String text = new String(resource(plan).readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(text).contains("${__P(host,127.0.0.1)}", "${__P(port,8080)}");
        parse(plan);
    }

    @ParameterizedTest
    @ValueSource(strings = {"search-mix"})
    void theSearchMixLabelsEveryRequestOfASession(String plan) throws Exception {
        assertThat(names(parse(plan), "HTTPSamplerProxy")).contains("login", "search", "mal", "doc", "logout");
    }

    @org.junit.jupiter.api.Test
    void theVaultPlanTakesItsRequestTokensAndConnectionReuseFromProperties() throws Exception {
        Document doc = parse("vault");
        assertThat(names(doc, "HTTPSamplerProxy")).containsExactly("${__P(request.label,get-token)}");
        String text = new String(resource("vault").readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(text).contains("${__P(protocol,https)}", "${__P(request.path,/acs/tokens)}",
                "${__P(request.method,POST)}", "${__P(request.body,", "${__P(keepalive,true)}", "X-Maat-Tokens",
                "${__P(tokens,)}", "${__P(expected.status,200)}");
        // Every step runs the one workload of this plan (module paths name the plan).
        assertThat(text).doesNotContain("erp-queries");
    }

    @org.junit.jupiter.api.Test
    void theDisguisePlanRunsNormalUsersAndDisguisersSideBySideEachThreadItsOwnAccount() throws Exception {
        Document doc = parse("disguise");
        assertThat(names(doc, "ThreadGroup")).containsExactly("threads-normal", "threads-disguisers");
        assertThat(names(doc, "HTTPSamplerProxy"))
                .containsExactly("login", "search", "login", "key", "${kind}", "restore");
        String text = new String(resource("disguise").readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        // Both groups at once (the other plans' groups run one after another), each as many threads as asked.
        assertThat(text).contains("<boolProp name=\"TestPlan.serialize_threadgroups\">false</boolProp>",
                "${__P(normal.threads,1)}", "${__P(disguisers,0)}", "${__P(series.seconds,60)}",
                "props.get('normal.file')", "props.get('disguisers.file')", "/api/account/${kind}",
                "/api/account/restore", "$.recoveryPhrase", "${receipt}", "${phrase}");
    }

    private static Document parse(String plan) throws Exception {
        try (InputStream in = resource(plan)) {
            return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in);
        }
    }

    private static InputStream resource(String plan) {
        InputStream in = BenchRun.class.getResourceAsStream(plan + ".jmx");
        assertThat(in).as(plan + ".jmx on the class path").isNotNull();
        return in;
    }

    private static List<String> names(Document doc, String element) {
        NodeList nodes = doc.getElementsByTagName(element);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            names.add(((Element) nodes.item(i)).getAttribute("testname"));
        }
        return names;
    }
}
