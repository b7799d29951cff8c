package org.maat.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.runtime.TestData;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The attacker of "every command validates all its settings before writing anything": each command of the tree that
 * writes (a data directory, an index, a volume, a database, a vault, a key, a receipt, a log) is run with one bad
 * setting at a time, in a directory that holds the fixtures the good settings name; each run must exit 2 with a
 * one-line error (and at most the pointer to {@code --help}) and leave the directory's listing (every entry's name,
 * and each file's size and modification time) exactly as it was. The bad values of a numeric option are generated
 * from its declared type (not a number, out of the type's range, and zero and negative for counts); paths, names and
 * key specs are listed per option.
 */
class WritingCommandsValidateFirstTest {

    @TempDir
    static Path root;

    private static String websubmit;

    /** A user of the sample database, registered with a key, whom apply would disguise. */
    private static final String PRINCIPAL = "student00003@websubmit.example";

    @BeforeAll
    static void fixtures() throws IOException {
        TestData.generate(root.resolve("data"), 40, 5);
        Files.writeString(root.resolve("afile"), "not a directory\n");
        Files.createDirectories(root.resolve("adir"));
        websubmit = "jdbc:h2:file:" + root.resolve("ws");
        Run sample = run("disguise", "sample", "--db", websubmit, "--users", "8", "--lectures", "1", "--questions", "1");
        assertThat(sample.exit()).as(sample.err()).isZero();
        Run register = run("disguise", "register", "--db", websubmit, "--principal", PRINCIPAL, "--key-file",
                root.resolve("student.key").toString());
        assertThat(register.exit()).as(register.err()).isZero();
        Run plain = run("erp", "load", "--db", root.resolve("erp-plain").toString(), "--employees", "20");
        assertThat(plain.exit()).as(plain.err()).isZero();
    }

    /** One writing command: good settings, and per option the bad values it must refuse before writing. */
    private record Case(List<String> good, Map<String, List<String>> bad, boolean counts) {
    }

    /** Flag, bad values, flag, bad values... */
    @SuppressWarnings("unchecked")
    private static Map<String, List<String>> bad(Object... pairs) {
        Map<String, List<String>> bad = new TreeMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            bad.put((String) pairs[i], (List<String>) pairs[i + 1]);
        }
        return bad;
    }

    private static String at(String name) {
        return root.resolve(name).toString();
    }

    private static List<Case> cases() {
        String missing = at("missing/below/x");
        List<Case> cases = new ArrayList<>();
        cases.add(new Case(List.of("generate", "--out", at("gen"), "--corpus", "synthetic:40KB", "--users", "20",
                "--friends", "2", "--accounts", "1", "--mal-accesses", "3", "--blacklist", "5", "--quiet"),
                bad("--out", List.of(at("afile"), at("data")),
                        "--corpus", List.of("nosuch:x", "jsonl:" + missing),
                        "--mix", List.of("x", "50/50/50"), "--censored", List.of("2", "-0.5"),
                        "--blacklist", List.of("99999999"), "--on-bad-record", List.of("sometimes"), "--users", List.of(),
                        "--regions", List.of("0"),
                        "--at-rest", List.of("rot13"), "--at-rest-model", List.of("sideways"),
                        "--at-rest-require", List.of("private=rot13")), true));
        cases.add(new Case(List.of("generate", "--out", at("gen"), "--corpus", "synthetic:40KB", "--users", "20",
                "--friends", "2", "--accounts", "1", "--mal-accesses", "3", "--blacklist", "5", "--quiet",
                "--at-rest", "chacha20"),
                bad("--blacklist", List.of("99999999"), "--at-rest-key", List.of("nosuch:x"),
                        "--at-rest-model", List.of("sideways")), false));
        cases.add(new Case(List.of("generate", "--out", at("gen"), "--corpus", "synthetic:40KB", "--users", "20",
                "--friends", "2", "--accounts", "1", "--mal-accesses", "3", "--blacklist", "5", "--quiet",
                "--at-rest", "chacha20", "--at-rest-key", "file:" + at("gen-own.key")),
                bad("--blacklist", List.of("99999999")), false));
        cases.add(new Case(List.of("index", "--data", at("data"), "--out", at("idx"), "--quiet"),
                bad("--data", List.of(missing, at("afile"), at("adir")), "--shards", List.of("0", "-1"),
                        "--engine", List.of("spark"), "--reducers", List.of("1"), "--on-bad-record", List.of("maybe"),
                        "--at-rest", List.of("chacha20", "rot13"), "--at-rest-key", List.of("nosuch:x")), true));
        cases.add(new Case(List.of("atrest", "init", "--data", at("data"), "--cipher", "chacha20", "--quiet"),
                bad("--data", List.of(missing, at("afile")), "--cipher", List.of("rot13"),
                        "--model", List.of("sideways"), "--at-rest-key", List.of("nosuch:x")), false));
        cases.add(new Case(List.of("erp", "load", "--db", at("erp"), "--employees", "20"),
                bad("--db", List.of(at("afile")), "--employees", List.of("0", "9000001"),
                        "--batch", List.of("0", "-1")), true));
        cases.add(new Case(List.of("erp", "load", "--db", at("erp"), "--employees", "20", "--encrypted"),
                bad("--key-source", List.of("nosuch:x", "env:MAAT_NO_SUCH_VARIABLE")), false));
        cases.add(new Case(List.of("erp", "encrypt", "--from", at("erp-plain"), "--to", at("erp-enc")),
                bad("--from", List.of(missing, at("afile"), at("adir")), "--to", List.of(at("afile")),
                        "--threads", List.of("0", "-1"), "--batch", List.of("0"), "--key-source", List.of("nosuch:x")),
                false));
        cases.add(new Case(List.of("vault", "init", "--dir", at("vault")),
                bad("--dir", List.of(at("afile")), "--servers", List.of("0", "65"),
                        "--base-port", List.of("0", "70000"), "--client", List.of("", ":", "a:")), false));
        cases.add(new Case(List.of("disguise", "register", "--db", websubmit, "--principal", PRINCIPAL,
                "--key-file", at("new.key")),
                bad("--key-file", List.of(missing, at("adir"), at("afile")),
                        "--db", List.of("jdbc:h2:file:" + at("nosuch") + ";IFEXISTS=TRUE", "jdbc:nosuch:x",
                                "jdbc:h2:file:" + at("typo"))), false));
        cases.add(new Case(List.of("disguise", "apply", "--db", websubmit, "--principal", PRINCIPAL,
                "--spec", "websubmit-anonymize-account", "--receipt", at("r.receipt")),
                bad("--receipt", List.of(missing, at("afile"), at("adir")),
                        "--spec", List.of("no-such-disguise", at("afile")),
                        "--after", List.of(at("missing.receipt")), "--db", List.of("jdbc:h2:file:" + at("typo"))),
                false));
        cases.add(new Case(List.of("disguise", "reveal", "--db", websubmit, "--receipt", at("afile"),
                "--key-file", at("student.key")),
                bad("--receipt", List.of(missing, at("adir"), at("afile")), "--key-file", List.of(missing, at("afile")),
                        "--db", List.of("jdbc:h2:file:" + at("typo"))), false));
        cases.add(new Case(List.of("policy", "log", "append", at("mal.log"), "--principal", "e0", "--conduit", "d1",
                "--reason", "audit"),
                bad("--principal", List.of(" "), "--conduit", List.of("")), false));
        return cases;
    }

    @Test
    void everyWritingCommandRefusesEachBadSettingWithOneLineAndWritesNothing() throws IOException {
        List<String> failures = new ArrayList<>();
        int runs = 0;
        for (Case c : cases()) {
            for (Map.Entry<String, List<String>> option : new TreeMap<>(c.bad()).entrySet()) {
                for (String value : badValues(c, option.getKey(), option.getValue())) {
                    List<String> args = with(c.good(), option.getKey(), value);
                    Map<String, String> before = listing();
                    Run r = run(args.toArray(String[]::new));
                    runs++;
                    Map<String, String> after = listing();
                    List<String> lines = r.err().lines().filter(l -> !l.isBlank()).toList();
                    boolean oneLine = lines.size() == 1 || (lines.size() == 2 && lines.get(1).startsWith("Run '"));
                    if (r.exit() != 2 || !oneLine || !after.equals(before)) {
                        failures.add(String.join(" ", args) + "\n    exit " + r.exit() + ", stderr " + lines
                                + (after.equals(before) ? "" : "\n    wrote: " + difference(before, after)));
                    }
                    restore(before, after);
                }
            }
        }
        assertThat(runs).isGreaterThan(60);
        assertThat(failures).as("runs with one bad setting that did not exit 2 with one line, or wrote").isEmpty();
    }

    /** The listed bad values, and for a numeric option those its declared type makes bad. */
    private static List<String> badValues(Case c, String flag, List<String> listed) {
        List<String> values = new ArrayList<>(listed);
        CommandLine command = Main.commandLine();
        for (String word : c.good()) {
            if (word.startsWith("-")) {
                break;
            }
            if (command.getSubcommands().containsKey(word)) {
                command = command.getSubcommands().get(word);
            }
        }
        OptionSpec option = command.getCommandSpec().findOption(flag);
        assertThat(option).as(flag + " of " + command.getCommandName()).isNotNull();
        Class<?> type = option.type();
        if (type == int.class || type == Integer.class || type == long.class || type == double.class) {
            values.add("not-a-number");
            if (type == int.class || type == Integer.class) {
                values.add("4294967296");
                if (c.counts()) {
                    values.add("-1");
                }
            }
        }
        return values;
    }

    /** {@code good} with {@code flag}'s value replaced by {@code value}, or {@code flag value} added. */
    private static List<String> with(List<String> good, String flag, String value) {
        List<String> args = new ArrayList<>(good);
        int i = args.indexOf(flag);
        if (i >= 0) {
            args.set(i + 1, value);
        } else {
            args.add(flag);
            args.add(value);
        }
        return args;
    }

    /** Every entry under the root: a directory by its name, a file by its name, size and modification time. */
    private static Map<String, String> listing() throws IOException {
        Map<String, String> entries = new TreeMap<>();
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
                entries.put(root.relativize(p).toString(), a.isDirectory() ? "dir"
                        : a.size() + " bytes, " + a.lastModifiedTime().toMillis());
            }
        }
        return entries;
    }

    private static String difference(Map<String, String> before, Map<String, String> after) {
        List<String> changed = new ArrayList<>();
        after.forEach((k, v) -> {
            if (!v.equals(before.get(k))) {
                changed.add(k + (before.containsKey(k) ? " (changed)" : " (new)"));
            }
        });
        before.keySet().stream().filter(k -> !after.containsKey(k)).forEach(k -> changed.add(k + " (gone)"));
        return String.join(", ", changed);
    }

    /** Removes what a failing run created, so that one failure does not spill into the next runs. */
    private static void restore(Map<String, String> before, Map<String, String> after) throws IOException {
        List<String> created = after.keySet().stream().filter(k -> !before.containsKey(k))
                .sorted(java.util.Comparator.reverseOrder()).toList();
        for (String k : created) {
            Files.deleteIfExists(root.resolve(k));
        }
    }

    private record Run(int exit, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return new Run(cl.execute(args), err.toString());
    }
}
