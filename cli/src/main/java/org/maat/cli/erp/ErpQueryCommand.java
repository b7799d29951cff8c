package org.maat.cli.erp;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import org.maat.cli.options.KeySourceOption;
import org.maat.erp.ErpDatabase;
import org.maat.erp.ErpQuery;
import org.maat.erp.QueryParameters;
import org.maat.erp.QueryResult;
import org.maat.erp.QueryRunner;
import org.maat.keys.KeyUnavailableException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code maat erp query}: run one of the ERP evaluation's queries and print its rows and time. */
@Command(name = "query",
        mixinStandardHelpOptions = true,
        description = {"Run query Q7 ... Q18 or Q10R on the database in DIR (through Maat's driver if it is encrypted) "
                + "and print its SQL, parameters, rows and time.",
            "Parameters default to values from the data (a seeded employee's department, job, manager, ...), so "
                + "results are non-empty on a fresh database; --param NAME=VALUE overrides one.",
            "",
            "Q7   department name, job, manager: contact details (EMPLOYEES join DEPARTMENTS)",
            "Q8   job, manager, salary range: employees and salaries",
            "Q9   city, job, manager: employees with department and city",
            "Q10  job, department name, salary range: employees and salaries",
            "Q10R Q10 with random salary bounds",
            "Q11  as Q7, but job title and location from EMP_DETAILS_VIEW, ordered by id",
            "Q12  as Q8, but aggregated: head count, lowest and highest salary",
            "Q13  first name, job, phone number substring (LIKE '%%ssss%%')",
            "Q14  last name, department name, phone number substring",
            "Q15  salary and salary + raise for a job, manager and salary range",
            "Q16  insert an employee (default id: the first free one)",
            "Q17  update an employee's salary and phone number",
            "Q18  delete an employee (default: the one Q16 inserts)"},
        footer = {"", "Exit codes: 0 ran, 1 a database error (e.g. SQL the encrypted layer does not support), 2 bad usage."})
public final class ErpQueryCommand implements Callable<Integer> {

    @Option(names = "--db", required = true, paramLabel = "DIR", description = "Database directory.")
    Path db;

    @Parameters(index = "0", paramLabel = "QUERY", description = "Q7 ... Q18 or Q10R.")
    String queryName;

    @Option(names = "--param", paramLabel = "NAME=VALUE",
            description = "Override a parameter, e.g. --param job_id=SA_REP --param salary_low=6000.00 "
                    + "(repeatable; dates as 2005-06-30, NULL for SQL NULL).")
    Map<String, String> params = new LinkedHashMap<>();

    @Option(names = "--param-seed", paramLabel = "S",
            description = "Seed choosing the default parameters (default: the database's generator seed).")
    Long paramSeed;

    @Option(names = "--max-rows", paramLabel = "N", defaultValue = "50",
            description = "Rows to print at most (default: ${DEFAULT-VALUE}).")
    int maxRows;

    @Mixin
    KeySourceOption keySource;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        ErpDatabase database;
        ErpQuery query;
        List<Object> values;
        Map<String, Object> named;
        try {
            query = ErpQuery.named(queryName);
            database = ErpDatabase.open(db, keySource.spec());
            QueryParameters chooser = new QueryParameters(database.generator(),
                    paramSeed == null ? database.seed() : paramSeed);
            Map<String, Object> chosen = chooser.values(query, params);
            if (query == ErpQuery.Q10R) {
                Map<String, Object> random = chooser.randomized(chosen, new SplittableRandom());
                params.keySet().forEach(k -> random.put(k, chosen.get(k))); // explicit values win
                named = random;
            } else {
                named = chosen;
            }
            values = QueryParameters.positional(query, named);
        } catch (IllegalArgumentException | KeyUnavailableException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        out.println(query + ": " + query.description());
        out.println(query.sql());
        out.println("parameters: " + named);
        try (Connection conn = database.connect(); QueryRunner runner = new QueryRunner(conn)) {
            QueryResult result = runner.run(query, values);
            result.print(out, maxRows);
        } catch (SQLException e) {
            spec.commandLine().getErr().println("maat erp query: " + query + ": " + e.getMessage());
            return 1;
        } finally {
            out.flush();
        }
        return 0;
    }
}
