package org.maat.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code maat demo} end to end: its three parts run in order and each says what the policies imply. The
 * monitor part's verdicts are checked against the demo population's relationships (who owns, who is a
 * friend, a friend of a friend, a stranger, an employee, which region censors), not against the
 * demo's own text; the search and serving parts are checked in detail by core's {@code SearchDemoIT}.
 */
class DemoCommandIT {

    private static final Pattern READ = Pattern.compile("^(ALLOW|DENY) +(\\w+)@(\\w+) +reads (doc-[\\w-]+) +\\((.+)\\)$");
    private static final Pattern DENIALS = Pattern.compile("^Denials counted by the monitor: (\\d+)$");
    private static final Pattern LEAK_CHECK = Pattern.compile(
            "^Searched \\S+ \\(\\d+ KB\\) for (\\d+) generated plaintext values .*: (.+)$");

    @TempDir
    Path dir;

    @Test
    void theDemoRunsItsThreePartsInOrderAndEachVerdictFollowsThePolicies() {
        List<String> lines = run("demo", "--quiet", "--dir", dir.toString());

        int search = lines.indexOf("== Confined search over europarl");
        int serve = lines.indexOf("== Serving the index over HTTP");
        int erp = lines.indexOf("== ERP workload on an encrypted H2 database ==");
        assertThat(search).as("the search part").isPositive();
        assertThat(serve).as("the serving part, after the search part").isGreaterThan(search);
        assertThat(erp).as("the ERP part, last").isGreaterThan(serve);

        List<String> monitor = lines.subList(0, search);
        Map<String, List<String>> reads = reads(monitor);
        // Unconfined reads: the expected verdict of each reader for each template.
        assertThat(reads.get("doc-private")).containsExactly("ALLOW alice@eu", "DENY bob@eu", "DENY carol@eu", "DENY dave@eu");
        assertThat(reads.get("doc-friends")).containsExactly("ALLOW alice@eu", "ALLOW bob@eu", "DENY carol@eu", "DENY dave@eu");
        assertThat(reads.get("doc-fof")).containsExactly("ALLOW alice@eu", "ALLOW bob@eu", "ALLOW carol@eu", "DENY dave@eu");
        assertThat(reads.get("doc-public")).containsExactly("ALLOW alice@eu", "ALLOW bob@eu", "ALLOW carol@eu", "ALLOW dave@eu");
        // MAL: the employee is refused until the access is logged; a non-employee stays refused.
        assertThat(reads.get("doc-mal")).containsExactly("DENY erin@eu", "ALLOW erin@eu", "DENY dave@eu");
        // Censorship: public outside the region, refused to everyone (even the owner) inside it.
        assertThat(reads.get("doc-censored")).containsExactly("ALLOW dave@eu", "DENY dave@cn", "DENY alice@cn");
        assertThat(monitor).contains("DENY   rewriting the log instead of appending",
                "ALLOW  release of results [doc-public, doc-friends] to bob");
        long denialsPrinted = monitor.stream().filter(l -> l.startsWith("DENY ")).count();
        assertThat(monitor.stream().map(DENIALS::matcher).filter(Matcher::matches).map(m -> Long.parseLong(m.group(1))))
                .as("the monitor's own count equals the denials the part printed").containsExactly(denialsPrinted);

        List<String> searchPart = lines.subList(search, serve);
        assertThat(searchPart.stream().filter(l -> l.matches("^== \\d\\. .*"))).hasSize(4);
        assertThat(searchPart).anyMatch(l -> l.contains("refused by the monitor, nothing delivered"));
        List<String> servePart = lines.subList(serve, erp);
        assertThat(servePart.stream().filter(l -> l.matches("^== \\d\\. .*"))).hasSize(3);

        Matcher leak = lines.subList(erp, lines.size()).stream().map(LEAK_CHECK::matcher).filter(Matcher::matches)
                .findFirst().orElseThrow(() -> new AssertionError("the ERP part ends with its leak check"));
        assertThat(Integer.parseInt(leak.group(1))).as("plaintext values searched for").isGreaterThan(1000);
        assertThat(leak.group(2)).isEqualTo("none found");

        // The vault part: the key comes from the vault, the database directory holds none, and one server down
        // puts it out of reach (3-of-3).
        int vault = lines.indexOf("== The ERP database's master key, in a sharded vault");
        assertThat(vault).as("the vault part, before the ERP part").isGreaterThan(serve).isLessThan(erp);
        List<String> erpPart = lines.subList(erp, lines.size());
        assertThat(erpPart).anyMatch(l -> l.startsWith("The encrypted database takes its master key from vault:"));
        assertThat(erpPart).contains("erp-encrypted holds erp.properties, hr.mv.db: no key");
        assertThat(erpPart).contains("With vault server 3 stopped, opening the database fails (every share is needed):");
    }

    /** Each document's read verdicts in printed order, as "VERDICT user@region". */
    private static Map<String, List<String>> reads(List<String> lines) {
        Map<String, List<String>> reads = new LinkedHashMap<>();
        for (String line : lines) {
            Matcher m = READ.matcher(line);
            if (m.matches()) {
                reads.computeIfAbsent(m.group(4), d -> new ArrayList<>()).add(m.group(1) + " " + m.group(2) + "@" + m.group(3));
            }
        }
        return reads;
    }

    private static List<String> run(String... args) {
        CommandLine cl = Main.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        assertThat(cl.execute(args)).as(err.toString()).isZero();
        return out.toString().lines().toList();
    }
}
