package org.maat.disguise.spec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.maat.disguise.spec.DisguiseSpec.AppliesTo;
import org.maat.disguise.spec.DisguiseSpec.Position;
import org.maat.disguise.spec.DisguiseSpec.Pseudoprincipals;
import org.maat.disguise.spec.DisguiseSpec.SearchKind;
import org.maat.disguise.spec.DisguiseSpec.Step;
import org.maat.disguise.spec.JsonTree.Arr;
import org.maat.disguise.spec.JsonTree.Node;
import org.maat.disguise.spec.JsonTree.Obj;
import org.maat.disguise.spec.JsonTree.Text;

/**
 * Reads one disguise specification (the JSON format of {@code disguise/SPECS.md}) into a {@link
 * DisguiseSpec}. Everything is checked before a spec is returned: unknown or missing fields, values of
 * the wrong type, unknown value rules and data kinds, duplicate keys, and table and column names that
 * are not plain SQL identifiers (they are written into SQL unquoted). Each refusal is a {@link
 * SpecException} naming the file, line and column.
 */
public final class SpecParser {

    /** Table and column names: plain SQL identifiers only, so that generated SQL cannot be injected. */
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,127}");
    private static final Set<String> TOP = Set.of("disguise", "description", "applies-to", "principal",
            "pseudoprincipal", "steps");
    private static final Set<String> STEP_VERBS = Set.of("remove", "modify", "decorrelate");

    private final String source;

    private SpecParser(String source) {
        this.source = source;
    }

    /**
     * Whether {@code name} is a plain SQL identifier (ASCII letters, digits, {@code _}; not starting with a
     * digit; at most 128 characters): the one rule for every table and column name Maat writes into SQL
     * unquoted, whether it comes from a spec or from a caller of the JDBC disguises.
     */
    public static boolean isPlainIdentifier(String name) {
        return name != null && IDENTIFIER.matcher(name).matches();
    }

    /**
     * Parses {@code text}, naming {@code source} (a file path or {@code builtin:NAME}) in errors.
     *
     * @throws SpecException for anything malformed, with FILE:LINE:COLUMN
     */
    public static DisguiseSpec parse(String source, String text) {
        return new SpecParser(source).spec(JsonTree.parse(source, text));
    }

    private DisguiseSpec spec(Node root) {
        Obj top = object(root, "the specification");
        allowOnly(top, TOP, "top level");
        String name = text(required(top, "disguise"), "\"disguise\"");
        if (name.isBlank()) {
            throw error(top.fields().get("disguise"), "\"disguise\" must name the disguise");
        }
        String description = top.fields().containsKey("description")
                ? text(top.fields().get("description"), "\"description\"") : "";
        Node appliesNode = required(top, "applies-to");
        String applies = text(appliesNode, "\"applies-to\"");
        AppliesTo appliesTo;
        if (applies.equals("jdbc")) {
            appliesTo = AppliesTo.JDBC;
        } else if (applies.equals("search")) {
            appliesTo = AppliesTo.SEARCH;
        } else {
            throw error(appliesNode, "\"applies-to\" is \"" + applies + "\"; expected \"jdbc\" or \"search\"");
        }
        DisguiseSpec.PrincipalTable principal = null;
        Map<String, ValueRule> pseudo = new LinkedHashMap<>();
        if (appliesTo == AppliesTo.JDBC) {
            Obj p = object(required(top, "principal"), "\"principal\"");
            allowOnly(p, Set.of("table", "id"), "\"principal\"");
            principal = new DisguiseSpec.PrincipalTable(identifier(required(p, "table"), "\"table\""),
                    identifier(required(p, "id"), "\"id\""));
            if (top.fields().containsKey("pseudoprincipal")) {
                pseudo = rules(object(top.fields().get("pseudoprincipal"), "\"pseudoprincipal\""), true);
            }
        } else {
            for (String jdbcOnly : List.of("principal", "pseudoprincipal")) {
                if (top.fields().containsKey(jdbcOnly)) {
                    throw errorAtKey(top, jdbcOnly, "\"" + jdbcOnly + "\" is for \"applies-to\": \"jdbc\" only");
                }
            }
        }
        Arr stepsNode = array(required(top, "steps"), "\"steps\"");
        if (stepsNode.items().isEmpty()) {
            throw error(stepsNode, "\"steps\" is empty: a disguise must do something");
        }
        List<Step> steps = new ArrayList<>();
        for (Node s : stepsNode.items()) {
            steps.add(appliesTo == AppliesTo.JDBC ? jdbcStep(s) : searchStep(s));
        }
        boolean decorrelates = steps.stream().anyMatch(s -> s instanceof DisguiseSpec.Decorrelate);
        if (appliesTo == AppliesTo.JDBC && decorrelates) {
            ValueRule idRule = pseudo.get(principal.id());
            if (!(idRule instanceof ValueRule.NewId)) {
                Node at = top.fields().getOrDefault("pseudoprincipal", top);
                throw error(at, "a disguise that decorrelates needs \"pseudoprincipal\" with \""
                        + principal.id() + "\": \"new-id\" (the pseudoprincipal's own id)");
            }
        }
        return new DisguiseSpec(name, description, appliesTo, principal, pseudo, steps, source);
    }

    private Step jdbcStep(Node node) {
        Obj step = object(node, "a step");
        String verb = verb(step);
        String target = identifier(step.fields().get(verb), "\"" + verb + "\"");
        Position at = new Position(step.line(), step.column());
        switch (verb) {
            case "remove":
                allowOnly(step, Set.of("remove", "owner", "key"), "a remove step");
                return new DisguiseSpec.Remove(target, identifier(required(step, "owner"), "\"owner\""),
                        key(step), at);
            case "modify": {
                allowOnly(step, Set.of("modify", "owner", "key", "columns"), "a modify step");
                Obj columns = object(required(step, "columns"), "\"columns\"");
                if (columns.fields().isEmpty()) {
                    throw error(columns, "\"columns\" is empty: name at least one column and its rule");
                }
                return new DisguiseSpec.Modify(target, identifier(required(step, "owner"), "\"owner\""), key(step),
                        rules(columns, false), at);
            }
            default:
                allowOnly(step, Set.of("decorrelate", "column", "key", "pseudoprincipals"), "a decorrelate step");
                return new DisguiseSpec.Decorrelate(target, identifier(required(step, "column"), "\"column\""),
                        key(step), pseudoprincipals(step), at);
        }
    }

    private Step searchStep(Node node) {
        Obj step = object(node, "a step");
        String verb = verb(step);
        Node targetNode = step.fields().get(verb);
        String target = text(targetNode, "\"" + verb + "\"");
        boolean known = false;
        for (SearchKind k : SearchKind.values()) {
            known |= k.label().equals(target);
        }
        if (!known) {
            throw error(targetNode, "unknown data kind \"" + target
                    + "\"; expected documents, friendships, history or login");
        }
        Position at = new Position(step.line(), step.column());
        switch (verb) {
            case "remove":
                allowOnly(step, Set.of("remove"), "a remove step of search data");
                return new DisguiseSpec.Remove(target, null, List.of(), at);
            case "modify":
                throw errorAtKey(step, "modify", "search data has no columns to modify; use remove or decorrelate");
            default:
                allowOnly(step, Set.of("decorrelate", "pseudoprincipals"), "a decorrelate step of search data");
                return new DisguiseSpec.Decorrelate(target, null, List.of(), pseudoprincipals(step), at);
        }
    }

    private String verb(Obj step) {
        String verb = null;
        for (String k : step.fields().keySet()) {
            if (STEP_VERBS.contains(k)) {
                if (verb != null) {
                    throw errorAtKey(step, k, "a step does one thing: both \"" + verb + "\" and \"" + k + "\"");
                }
                verb = k;
            }
        }
        if (verb == null) {
            throw error(step, "a step needs one of \"remove\", \"modify\" or \"decorrelate\"");
        }
        return verb;
    }

    private Pseudoprincipals pseudoprincipals(Obj step) {
        Node n = step.fields().get("pseudoprincipals");
        if (n == null) {
            return Pseudoprincipals.ONE;
        }
        String v = text(n, "\"pseudoprincipals\"");
        if (v.equals("one")) {
            return Pseudoprincipals.ONE;
        }
        if (v.equals("per-row")) {
            return Pseudoprincipals.PER_ROW;
        }
        throw error(n, "\"pseudoprincipals\" is \"" + v + "\"; expected \"one\" or \"per-row\"");
    }

    private List<String> key(Obj step) {
        Arr arr = array(required(step, "key"), "\"key\"");
        if (arr.items().isEmpty()) {
            throw error(arr, "\"key\" is empty: name the columns that identify a row");
        }
        List<String> key = new ArrayList<>();
        for (Node n : arr.items()) {
            String col = identifier(n, "a key column");
            if (key.contains(col)) {
                throw error(n, "key column " + col + " named twice");
            }
            key.add(col);
        }
        return key;
    }

    private Map<String, ValueRule> rules(Obj obj, boolean pseudoprincipalRow) {
        Map<String, ValueRule> rules = new LinkedHashMap<>();
        for (Map.Entry<String, Node> e : obj.fields().entrySet()) {
            int[] keyAt = obj.keys().get(e.getKey());
            if (!isPlainIdentifier(e.getKey())) {
                throw new SpecException(source, keyAt[0], keyAt[1],
                        "\"" + e.getKey() + "\" is not a plain SQL column name");
            }
            rules.put(e.getKey().toUpperCase(java.util.Locale.ROOT), rule(e.getValue(), pseudoprincipalRow));
        }
        return rules;
    }

    private ValueRule rule(Node node, boolean pseudoprincipalRow) {
        String r = text(node, "a value rule");
        ValueRule rule;
        if (r.startsWith("constant:")) {
            rule = new ValueRule.Constant(r.substring("constant:".length()));
        } else {
            switch (r) {
                case "redact": rule = new ValueRule.Redact(); break;
                case "null": rule = new ValueRule.Null(); break;
                case "random-text": rule = new ValueRule.RandomText(); break;
                case "random-email": rule = new ValueRule.RandomEmail(); break;
                case "random-int": rule = new ValueRule.RandomInt(); break;
                case "new-id": rule = new ValueRule.NewId(); break;
                case "copy": rule = new ValueRule.Copy(); break;
                default:
                    throw error(node, "unknown value rule \"" + r + "\"; expected redact, null, random-text, "
                            + "random-email, random-int, new-id, copy or constant:TEXT");
            }
        }
        if (!pseudoprincipalRow && (rule instanceof ValueRule.NewId || rule instanceof ValueRule.Copy)) {
            throw error(node, "\"" + r + "\" is for \"pseudoprincipal\" columns only (a modified column "
                    + "gets redact, null, random-text, random-email, random-int or constant:TEXT)");
        }
        return rule;
    }

    private void allowOnly(Obj obj, Set<String> allowed, String where) {
        for (String k : obj.fields().keySet()) {
            if (!allowed.contains(k)) {
                throw errorAtKey(obj, k, "unknown field \"" + k + "\" in " + where + " (allowed: "
                        + String.join(", ", new java.util.TreeSet<>(allowed)) + ")");
            }
        }
    }

    private Node required(Obj obj, String field) {
        Node n = obj.fields().get(field);
        if (n == null) {
            throw error(obj, "missing field \"" + field + "\"");
        }
        return n;
    }

    private Obj object(Node n, String what) {
        if (n instanceof Obj o) {
            return o;
        }
        throw error(n, what + " must be an object, not " + n.kind());
    }

    private Arr array(Node n, String what) {
        if (n instanceof Arr a) {
            return a;
        }
        throw error(n, what + " must be an array, not " + n.kind());
    }

    private String text(Node n, String what) {
        if (n instanceof Text t) {
            return t.value();
        }
        throw error(n, what + " must be a string, not " + n.kind());
    }

    private String identifier(Node n, String what) {
        String v = text(n, what);
        if (!isPlainIdentifier(v)) {
            throw error(n, what + " \"" + v + "\" is not a plain SQL name (letters, digits, _)");
        }
        return v.toUpperCase(java.util.Locale.ROOT);
    }

    private SpecException error(Node at, String problem) {
        return new SpecException(source, at.line(), at.column(), problem);
    }

    private SpecException errorAtKey(Obj obj, String key, String problem) {
        int[] at = obj.keys().get(key);
        return new SpecException(source, at[0], at[1], problem);
    }
}
