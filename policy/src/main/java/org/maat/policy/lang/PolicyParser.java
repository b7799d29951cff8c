package org.maat.policy.lang;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Recursive-descent parser for the policy grammar (ARCHITECTURE.md section 2). Any text either
 * parses or fails with a {@link PolicySyntaxError} naming line, column, the offending token and
 * what was expected; no other exception escapes for bad input. Text beyond the
 * {@linkplain PolicyLimits limits} fails the same way at the token that crosses them, before the
 * recursion goes any deeper, so no input can exhaust the stack.
 */
public final class PolicyParser {

    /** Words that cannot name a predicate. */
    static final Set<String> KEYWORDS = Set.of("read", "update", "declassify", "until", "and", "or", "not",
            "true", "false", "this", "session", "dest");

    private final List<Token> tokens;
    private final SourcePositions positions = new SourcePositions();
    private int index;
    /** Parentheses and 'not' enclosing the current token. */
    private int depth;
    private int literals;

    private PolicyParser(List<Token> tokens) {
        this.tokens = tokens;
    }

    /** Parses policy text. */
    public static Policy parse(String text) {
        return parseWithPositions(text).policy();
    }

    /** Parses policy text, keeping each node's source position for static checks. */
    public static ParsedPolicy parseWithPositions(String text) {
        PolicyParser parser = new PolicyParser(Lexer.tokenize(text));
        return new ParsedPolicy(parser.policy(), parser.positions);
    }

    private Policy policy() {
        List<Rule> rules = new ArrayList<>();
        while (peek().kind() != Token.Kind.EOF) {
            rules.add(rule());
        }
        return new Policy(rules);
    }

    private Rule rule() {
        Token start = peek();
        Permission permission = start.kind() == Token.Kind.NAME ? Permission.ofKeyword(start.text()) : null;
        if (permission == null) {
            throw error(start, "a rule: 'read', 'update' or 'declassify'");
        }
        advance();
        expect(":-", "':-' after '" + start.text() + "'");
        Expr body = expr();
        Release release = null;
        if (peek().is("until")) {
            advance();
            Token r = peek();
            if (r.kind() != Token.Kind.RELEASE) {
                throw error(r, "'ONLY_CND_IDS' or 'ONLY_CND_IDS+' after 'until'");
            }
            advance();
            release = r.text().endsWith("+") ? Release.ONLY_CND_IDS_PLUS : Release.ONLY_CND_IDS;
        }
        expect(";", "'and', 'or', 'until' or ';' to end the rule");
        Rule rule = new Rule(permission, body, release);
        positions.put(rule, start.line(), start.column());
        return rule;
    }

    private Expr expr() {
        List<Expr> operands = new ArrayList<>();
        operands.add(conjunction());
        while (peek().is("or")) {
            advance();
            operands.add(conjunction());
        }
        return Expr.or(operands);
    }

    private Expr conjunction() {
        List<Expr> operands = new ArrayList<>();
        operands.add(unary());
        while (peek().is("and")) {
            advance();
            operands.add(unary());
        }
        return Expr.and(operands);
    }

    private Expr unary() {
        Token t = peek();
        if (t.is("not")) {
            enter(t);
            Expr not = new Expr.Not(unary());
            depth--;
            positions.put(not, t.line(), t.column());
            return not;
        }
        if (t.is("(")) {
            enter(t);
            Expr inner = expr();
            expect(")", "')' or 'and'/'or'");
            depth--;
            return inner;
        }
        if (++literals > PolicyLimits.MAX_LITERALS) {
            throw new PolicySyntaxError(t.line(), t.column(), PolicyLimits.tooManyLiterals());
        }
        return atom();
    }

    /** Steps over a '(' or 'not', one level deeper, refusing to go past the limit. */
    private void enter(Token t) {
        if (++depth > PolicyLimits.MAX_DEPTH) {
            throw new PolicySyntaxError(t.line(), t.column(), PolicyLimits.tooDeep());
        }
        advance();
    }

    private Expr atom() {
        Token t = peek();
        if (t.is("true") || t.is("false")) {
            advance();
            Expr c = new Expr.Const(t.is("true"));
            positions.put(c, t.line(), t.column());
            return c;
        }
        if (t.kind() != Token.Kind.NAME || KEYWORDS.contains(t.text())) {
            throw error(t, "a condition: 'true', 'false', 'not', '(' or a predicate such as friend(...)");
        }
        advance();
        expect("(", "'(' after predicate name '" + t.text() + "'");
        List<Term> args = new ArrayList<>();
        if (!peek().is(")")) {
            args.add(term());
            while (peek().is(",")) {
                advance();
                args.add(term());
            }
        }
        expect(")", "',' or ')' in the arguments of '" + t.text() + "'");
        Expr atom = new Expr.Atom(t.text(), args);
        positions.put(atom, t.line(), t.column());
        return atom;
    }

    private Term term() {
        Token t = peek();
        Term term = switch (t.kind()) {
            case VARIABLE -> new Term.Variable(t.text());
            case STRING -> new Term.Str(t.value());
            case NUMBER -> new Term.Num(new BigDecimal(t.text()));
            case NAME -> field(t);
            default -> null;
        };
        if (term == null) {
            throw error(t, "an argument: a Variable, a \"string\", a number or this./session./dest. field");
        }
        if (!(term instanceof Term.Field)) {
            advance();
        }
        positions.put(term, t.line(), t.column());
        return term;
    }

    private Term field(Token scopeToken) {
        Term.Scope scope = Term.Scope.ofKeyword(scopeToken.text());
        if (scope == null) {
            throw error(scopeToken, "an argument: a Variable, a \"string\", a number or this./session./dest. field"
                    + " (constants are quoted: \"" + scopeToken.text() + "\")");
        }
        advance();
        expect(".", "'.' after '" + scopeToken.text() + "'");
        Token name = peek();
        if (name.kind() != Token.Kind.NAME) {
            throw error(name, "a field name after '" + scopeToken.text() + ".'");
        }
        advance();
        return new Term.Field(scope, name.text());
    }

    private Token peek() {
        return tokens.get(index);
    }

    private void advance() {
        if (index < tokens.size() - 1) {
            index++;
        }
    }

    private void expect(String punct, String expected) {
        if (!peek().is(punct)) {
            throw error(peek(), expected);
        }
        advance();
    }

    private static PolicySyntaxError error(Token t, String expected) {
        return new PolicySyntaxError(t.line(), t.column(), t.describe(), expected);
    }
}
