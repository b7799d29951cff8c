package org.maat.cli.disguise;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import org.maat.bench.websubmit.WebSubmitData;
import org.maat.bench.websubmit.WebSubmitLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code maat disguise sample}: a WebSubmit-shaped database to try disguises on. */
@Command(name = "sample",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Create a WebSubmit-shaped course database (users, lectures, questions, one answer per user "
                + "per question) in a new JDBC database: the application of the Edna evaluation, with its built-in "
                + "disguises websubmit-delete-account and websubmit-anonymize-account. Users are "
                + "student00000@websubmit.example, student00001@websubmit.example, ..."},
        footer = {"", "Example:",
            "  maat disguise sample --db jdbc:h2:./websubmit --users 2000"})
public final class DisguiseSampleCommand implements Callable<Integer> {

    @Option(names = "--db", required = true, paramLabel = "URL", description = "JDBC URL of a new, empty database.")
    String url;

    @Option(names = "--users", defaultValue = "2000", paramLabel = "N", description = "Users (default: ${DEFAULT-VALUE}).")
    int users;

    @Option(names = "--lectures", defaultValue = "20", paramLabel = "N", description = "Lectures (default: ${DEFAULT-VALUE}).")
    int lectures;

    @Option(names = "--questions", defaultValue = "4", paramLabel = "N",
            description = "Questions per lecture (default: ${DEFAULT-VALUE}).")
    int questions;

    @Option(names = "--seed", defaultValue = "42", paramLabel = "S", description = "Generator seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws SQLException {
        WebSubmitData data = new WebSubmitData(seed, users, lectures, questions);
        long rows;
        try (Connection conn = DriverManager.getConnection(url)) {
            rows = new WebSubmitLoader(1_000).load(conn, data);
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf("created %s: %d users, %d lectures x %d questions, %d answers (%d rows)%n", url, users, lectures,
                questions, data.answerCount(), rows);
        out.flush();
        return 0;
    }
}
