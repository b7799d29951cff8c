package org.maat.policy.audience;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.maat.policy.Conduit;
import org.maat.policy.facts.FactSource;
import org.maat.policy.lang.Builtin;
import org.maat.policy.lang.Expr;
import org.maat.policy.lang.Permission;
import org.maat.policy.lang.Policy;
import org.maat.policy.lang.PolicyPrinter;
import org.maat.policy.lang.Term;

/**
 * Who may read a conduit, in words: the read rules of its policy, expanded into alternatives (an 'or' of
 * 'and's), each alternative recognised as a group of readers (the owner, the owner's friends, friends of
 * friends, employees under the mandatory access log, everyone) and counted or named from the facts as they
 * are now; a {@code not blocked(session.region, this.id)} in an alternative becomes the regions where the
 * conduit is blocked. An alternative of any other shape is shown as the policy text it is, so nothing the
 * policy admits is left out of the words; and the words say nothing the policy does not decide.
 *
 * <p>Meant for the conduit's owner: it names the owner's friends and the regions that block the conduit.
 *
 * @param readers    one line per group of readers, in the policy's order
 * @param exceptions one line per restriction that applies to every group (e.g. the blocking regions)
 */
public record Audience(List<String> readers, List<String> exceptions) {

    /** Names listed before "and N more". */
    static final int NAMES_SHOWN = 8;
    /** Alternatives expanded at most; a larger rule is shown as its text. */
    private static final int MAX_ALTERNATIVES = 64;

    private static final String BLOCKED = "not blocked(session.region, this.id)";

    public Audience {
        readers = List.copyOf(readers);
        exceptions = List.copyOf(exceptions);
    }

    /** The audience of {@code conduit} under {@code policy} (the conduit's own), with the facts as they are now. */
    public static Audience of(Policy policy, Conduit conduit, FactSource facts) {
        List<List<Expr>> alternatives = new ArrayList<>();
        for (var rule : policy.rulesFor(Permission.READ)) {
            List<List<Expr>> expanded = alternatives(rule.body());
            if (expanded == null) {
                alternatives.add(List.of(rule.body()));
            } else {
                alternatives.addAll(expanded);
            }
        }
        Groups groups = new Groups(conduit, facts);
        int blocked = 0;
        for (List<Expr> alternative : alternatives) {
            List<String> literals = new ArrayList<>();
            boolean restricted = false;
            for (Expr e : alternative) {
                String text = canonical(e, principalVariable(alternative));
                if (text.equals(BLOCKED)) {
                    restricted = true;
                } else {
                    literals.add(text);
                }
            }
            if (restricted) {
                blocked++;
            }
            groups.add(literals, alternative, restricted);
        }
        List<String> exceptions = new ArrayList<>();
        if (blocked > 0 && blocked == alternatives.size()) {
            exceptions.add(groups.blockedRegions());
        }
        return new Audience(groups.lines(blocked > 0 && blocked < alternatives.size()), exceptions);
    }

    /** The audience as lines: each group, then "except: ..." for each restriction. */
    public List<String> lines() {
        List<String> out = new ArrayList<>(readers);
        exceptions.forEach(e -> out.add("except " + e));
        return out;
    }

    /** {@code expr} as an 'or' of 'and's of literals (atoms, negations, constants), or null when that is too large. */
    private static List<List<Expr>> alternatives(Expr expr) {
        if (expr instanceof Expr.Or or) {
            List<List<Expr>> out = new ArrayList<>();
            for (Expr operand : or.operands()) {
                List<List<Expr>> sub = alternatives(operand);
                if (sub == null || out.size() + sub.size() > MAX_ALTERNATIVES) {
                    return null;
                }
                out.addAll(sub);
            }
            return out;
        }
        if (expr instanceof Expr.And and) {
            List<List<Expr>> out = List.of(List.of());
            for (Expr operand : and.operands()) {
                List<List<Expr>> sub = alternatives(operand);
                if (sub == null || out.size() * sub.size() > MAX_ALTERNATIVES) {
                    return null;
                }
                List<List<Expr>> product = new ArrayList<>();
                for (List<Expr> left : out) {
                    for (List<Expr> right : sub) {
                        List<Expr> both = new ArrayList<>(left);
                        both.addAll(right);
                        product.add(both);
                    }
                }
                out = product;
            }
            return out;
        }
        if (expr instanceof Expr.Const c) {
            return c.value() ? List.of(List.of()) : List.of();
        }
        return List.of(List.of(expr));
    }

    /** The variable that {@code sKeyIs(V)} binds to the reader in this alternative, or null. */
    private static String principalVariable(List<Expr> alternative) {
        for (Expr e : alternative) {
            if (e instanceof Expr.Atom a && Builtin.byName(a.name()) == Builtin.S_KEY_IS
                    && a.args().get(0) instanceof Term.Variable v) {
                return v.name();
            }
        }
        return null;
    }

    /** A literal's text with the reader's variable written K and any other variable F, so shapes compare as text. */
    private static String canonical(Expr literal, String principal) {
        if (literal instanceof Expr.Not not) {
            return "not " + canonical(not.operand(), principal);
        }
        if (!(literal instanceof Expr.Atom atom)) {
            return PolicyPrinter.print(literal);
        }
        List<String> args = new ArrayList<>();
        for (Term t : atom.args()) {
            if (t instanceof Term.Variable v) {
                args.add(v.name().equals(principal) ? "K" : "F");
            } else {
                args.add(PolicyPrinter.print(t));
            }
        }
        return atom.name() + "(" + String.join(", ", args) + ")";
    }

    /** The groups found so far, each once, in the order of the policy. */
    private static final class Groups {
        private static final Set<String> OWNER = Set.of("sKeyIs(this.owner)");
        private static final Set<String> FRIENDS = Set.of("sKeyIs(K)", "friend(this.owner, K)");
        private static final Set<String> FRIENDS_OF_FRIENDS = Set.of("sKeyIs(K)", "friend(this.owner, F)",
                "friend(F, K)");
        private static final Set<String> EMPLOYEES = Set.of("sKeyIs(K)", "employee(K)", "logged(K, this.id)");

        private final Conduit conduit;
        private final FactSource facts;
        private final Map<String, Boolean> lines = new HashMap<>();
        private final List<String> order = new ArrayList<>();

        Groups(Conduit conduit, FactSource facts) {
            this.conduit = conduit;
            this.facts = facts;
        }

        void add(List<String> literals, List<Expr> alternative, boolean restricted) {
            Set<String> shape = new LinkedHashSet<>(literals);
            String line;
            if (shape.isEmpty()) {
                line = "everyone";
            } else if (shape.equals(OWNER)) {
                line = "the owner, " + conduit.owner();
            } else if (shape.equals(FRIENDS)) {
                line = named("friends of " + conduit.owner(), friends(conduit.owner()));
            } else if (shape.equals(FRIENDS_OF_FRIENDS)) {
                line = named("friends of " + conduit.owner() + "'s friends", friendsOfFriends());
            } else if (shape.equals(EMPLOYEES)) {
                line = employees();
            } else {
                line = "anyone for whom " + String.join(" and ", alternative.stream()
                        .map(PolicyPrinter::print).toList()) + " holds";
            }
            if (!lines.containsKey(line)) {
                order.add(line);
                lines.put(line, restricted);
            } else {
                lines.put(line, lines.get(line) || restricted);
            }
        }

        /** The lines; when only some groups are restricted by region, those say so themselves. */
        List<String> lines(boolean markRestricted) {
            List<String> out = new ArrayList<>();
            for (String line : order) {
                out.add(markRestricted && lines.get(line) ? line + ", except " + blockedRegions() : line);
            }
            return out;
        }

        String blockedRegions() {
            Set<String> regions = new TreeSet<>();
            for (List<String> fact : facts.match("blocked", new String[] {null, conduit.id()})) {
                regions.add(fact.get(0));
            }
            return regions.isEmpty()
                    ? "sessions in a region that blocks " + conduit.id() + " (none does now)"
                    : "sessions in " + (regions.size() == 1 ? "region " : "regions ") + String.join(", ", regions)
                            + ", where " + conduit.id() + " is blocked";
        }

        private Set<String> friends(String user) {
            return new TreeSet<>(facts.neighbours("friend", 0, user));
        }

        private Set<String> friendsOfFriends() {
            Set<String> out = new TreeSet<>();
            for (String friend : friends(conduit.owner())) {
                out.addAll(friends(friend));
            }
            out.remove(conduit.owner());
            return out;
        }

        private String employees() {
            Set<String> employees = new TreeSet<>();
            facts.match("employee", new String[] {null}).forEach(f -> employees.add(f.get(0)));
            Set<String> logged = new TreeSet<>();
            for (List<String> fact : facts.match("logged", new String[] {null, conduit.id()})) {
                if (employees.contains(fact.get(0))) {
                    logged.add(fact.get(0));
                }
            }
            String who = employees.size() + (employees.size() == 1 ? " employee" : " employees");
            return who + ", each only after recording a reason for reading " + conduit.id()
                    + " in the mandatory access log; " + (logged.isEmpty() ? "none has"
                    : people(logged) + (logged.size() == 1 ? " has" : " have")) + " so far";
        }

        private static String named(String group, Collection<String> names) {
            return group + ": " + (names.isEmpty() ? "no one now" : people(names));
        }

        /** {@code 3 people (a, b, c)}, the names cut short after {@link #NAMES_SHOWN}. */
        private static String people(Collection<String> names) {
            List<String> shown = names.stream().limit(NAMES_SHOWN).toList();
            String more = names.size() > shown.size() ? " and " + (names.size() - shown.size()) + " more" : "";
            return names.size() + (names.size() == 1 ? " person (" : " people (") + String.join(", ", shown) + more + ")";
        }
    }
}
