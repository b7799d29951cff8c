package org.maat.cli.policy;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.eval.EvalContext;
import org.maat.policy.eval.Explanation;
import org.maat.policy.eval.PolicyEngine;
import org.maat.policy.eval.PolicyEvaluationException;
import org.maat.policy.facts.FactIndex;
import org.maat.policy.facts.FactSyntax;
import org.maat.policy.lang.Builtin;
import org.maat.policy.lang.Permission;
import org.maat.policy.lang.Policy;
import org.maat.policy.lang.PolicyCheckException;
import org.maat.policy.lang.PolicyChecker;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.lang.PolicySyntaxError;
import org.maat.policy.templates.PolicyTemplates;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code maat policy eval}: one decision of one policy for one session, with its explanation. */
@Command(name = "eval",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Evaluate a policy for a session and print ALLOW or DENY with the explanation.",
            "The conduit is a document with the given id and owner; facts (friend, employee, logged, blocked, ...) "
                + "come from a facts file with one fact per line, e.g. friend(alice, bob).",
            "",
            "Example:",
            "  maat policy eval --template fof --owner alice --as carol --facts friends.facts"},
        footer = {"", "Exit codes: 0 ALLOW, 1 DENY, 2 bad input (unreadable, malformed or over-limit policy or facts, "
                + "a policy that cannot be evaluated, an empty principal or owner, a bad flag)."})
public final class EvalCommand implements Callable<Integer> {

    static final class Source {
        @Option(names = "--policy", paramLabel = "FILE", description = "A policy file.")
        Path policyFile;

        @Option(names = "--template", paramLabel = "NAME",
                description = "A standard policy: public, private, friends, fof, mal, history, index, mal-log; "
                        + "document policies also as NAME+censorship.")
        String template;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Source source;

    @Option(names = "--owner", required = true, paramLabel = "U", description = "Owner of the conduit (this.owner).")
    String owner;

    @Option(names = "--as", required = true, paramLabel = "P", description = "Principal of the session (sKeyIs).")
    String principal;

    @Option(names = "--region", paramLabel = "R", description = "Region of the session (session.region).")
    String region;

    @Option(names = "--facts", paramLabel = "FILE", description = "Facts file; none by default.")
    Path factsFile;

    @Option(names = "--op", paramLabel = "OP", defaultValue = "read",
            description = "Permission to evaluate: read or update (default: ${DEFAULT-VALUE}).")
    String op;

    @Option(names = "--id", paramLabel = "DOC", defaultValue = "doc-1",
            description = "Id of the conduit (this.id), e.g. for blocked/logged facts (default: ${DEFAULT-VALUE}).")
    String id;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        requireName("--as", principal);
        requireName("--owner", owner);
        try {
            Permission permission = permission();
            FactIndex facts = new FactIndex(factsFile == null ? List.of()
                    : FactSyntax.parse(read(factsFile), factsFile.toString(), Builtin.names()));
            PolicyEngine engine = new PolicyEngine(facts);
            PolicyId policyId = engine.intern(policy());
            Conduit conduit = new Conduit(id, "docs/" + id, owner, policyId);
            Session session = Session.of(principal, region);
            EvalContext ctx = EvalContext.read(session, conduit, engine);
            Explanation why = engine.explain(policyId, permission, ctx);
            out.println((why.allowed() ? "ALLOW " : "DENY ") + permission.keyword() + " of " + id + " (owner " + owner
                    + ") for session " + session + " under policy " + policyId + " (" + describeSource() + ")");
            out.println(why.describe());
            out.flush();
            return why.allowed() ? 0 : 1;
        } catch (PolicySyntaxError e) {
            err.println(Diagnostics.at(describeSource(), e));
        } catch (PolicyCheckException e) {
            e.problems().forEach(p -> err.println(Diagnostics.at(describeSource(), p)));
        } catch (PolicyEvaluationException e) {
            // A value the checker could not see, e.g. a field that names no time: no decision, so not DENY.
            err.println(describeSource() + ": cannot evaluate: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage());
        } catch (UnreadableFile e) {
            err.println(Diagnostics.io(e.file, "read", (IOException) e.getCause()));
        }
        err.flush();
        return 2;
    }

    /** An empty principal or owner names no one; a usage error rather than a session nobody holds. */
    private void requireName(String option, String value) {
        if (value.isBlank()) {
            throw new ParameterException(spec.commandLine(), option + " must not be blank");
        }
    }

    private Permission permission() {
        Permission p = Permission.ofKeyword(op.toLowerCase(Locale.ROOT));
        if (p != Permission.READ && p != Permission.UPDATE) {
            throw new IllegalArgumentException("--op must be read or update, not '" + op + "'");
        }
        return p;
    }

    private Policy policy() {
        if (source.template != null) {
            return PolicyTemplates.policy(source.template);
        }
        return PolicyChecker.parseAndCheck(read(source.policyFile));
    }

    private String describeSource() {
        return source.template != null ? "template " + source.template : source.policyFile.toString();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UnreadableFile(file, e);
        }
    }

    /** A policy or facts file that could not be read, with which one it was. */
    private static final class UnreadableFile extends RuntimeException {
        final transient Path file;

        UnreadableFile(Path file, IOException cause) {
            super(file.toString(), cause);
            this.file = file;
        }
    }
}
