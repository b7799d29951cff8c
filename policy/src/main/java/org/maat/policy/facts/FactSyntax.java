package org.maat.policy.facts;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The facts-file format: one fact per line, {@code friend(alice, bob).}, arguments bare words,
 * numbers or double-quoted strings, {@code #} starting a comment. A fact is ground and names a
 * relation: at least one argument, no bare word that a policy would read as a variable (upper-case
 * or {@code _} first, e.g. {@code X}; quote it, {@code "X"}, to mean the constant), and not the name
 * of a built-in predicate. A malformed line is an error that names the line and column; nothing is
 * half-read.
 */
public final class FactSyntax {

    /** A word printed without quotes: not one a policy would read as a variable. */
    private static final Pattern BARE = Pattern.compile("[a-z0-9][A-Za-z0-9_.:@/+-]*");
    private static final Pattern RELATION = Pattern.compile("[a-z][A-Za-z0-9_]*");

    private FactSyntax() {
    }

    /**
     * Parses a whole facts file; {@code source} names it in error messages, {@code builtins} are the
     * predicate names that are not relations (the policy language's built-ins, which a fact could
     * never be looked up under).
     */
    public static List<Fact> parse(String text, String source, Set<String> builtins) {
        List<Fact> facts = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Fact fact = parseLine(lines[i], source, i + 1, builtins);
            if (fact != null) {
                facts.add(fact);
            }
        }
        return facts;
    }

    /** Parses one line; returns null for a blank or comment-only line. */
    static Fact parseLine(String line, String source, int lineNo, Set<String> builtins) {
        LineReader r = new LineReader(line, source, lineNo);
        r.skipSpace();
        if (r.atEnd() || r.peek() == '#') {
            return null;
        }
        String relation = r.word("a relation name");
        if (!RELATION.matcher(relation).matches()) {
            throw r.error(r.pos - relation.length(), "relation name '" + relation
                    + "' must start with a lower-case letter");
        }
        if (builtins.contains(relation)) {
            throw r.error(r.pos - relation.length(), "'" + relation + "' is a built-in predicate, not a relation:"
                    + " policies never look it up among the facts");
        }
        r.skipSpace();
        r.expect('(');
        List<String> args = new ArrayList<>();
        r.skipSpace();
        if (r.peekIs(')')) {
            throw r.error(r.pos, "a fact needs at least one argument, e.g. " + relation + "(alice).");
        }
        while (true) {
            r.skipSpace();
            int start = r.pos;
            boolean quoted = r.peekIs('"');
            String arg = r.argument();
            if (!quoted && isVariable(arg)) {
                throw r.error(start, "'" + arg + "' is a variable (it starts with an upper-case letter or '_');"
                        + " a fact's arguments are constants: quote it, " + quote(arg) + ", to mean the word");
            }
            args.add(arg);
            r.skipSpace();
            if (r.peekIs(',')) {
                r.pos++;
            } else {
                r.expect(')');
                break;
            }
        }
        r.skipSpace();
        r.expect('.');
        r.skipSpace();
        if (!r.atEnd() && r.peek() != '#') {
            throw r.error(r.pos, "unexpected '" + r.peek() + "' after the end of the fact");
        }
        return new Fact(relation, args);
    }

    /** A bare word a policy would read as a variable: upper-case letter or {@code _} first. */
    private static boolean isVariable(String bare) {
        return Character.isUpperCase(bare.charAt(0)) || bare.charAt(0) == '_';
    }

    /** An argument as the facts file would spell it: bare when it can be, quoted otherwise. */
    static String quoteIfNeeded(String value) {
        if (BARE.matcher(value).matches()) {
            return value;
        }
        return quote(value);
    }

    /** The character a backslash escape stands for: {@code n t r}, else the character itself. */
    public static char unescape(char escaped) {
        return switch (escaped) {
            case 'n' -> '\n';
            case 't' -> '\t';
            case 'r' -> '\r';
            default -> escaped;
        };
    }

    /** A double-quoted string literal with backslash escapes, shared with the policy printer. */
    public static String quote(String value) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : value.toCharArray()) {
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\r' -> sb.append("\\r");
                default -> sb.append(c);
            }
        }
        return sb.append('"').toString();
    }

    private static final class LineReader {
        final String line;
        final String source;
        final int lineNo;
        int pos;

        LineReader(String line, String source, int lineNo) {
            this.line = line;
            this.source = source;
            this.lineNo = lineNo;
        }

        boolean atEnd() {
            return pos >= line.length();
        }

        char peek() {
            return line.charAt(pos);
        }

        boolean peekIs(char c) {
            return !atEnd() && peek() == c;
        }

        void skipSpace() {
            while (!atEnd() && Character.isWhitespace(peek())) {
                pos++;
            }
        }

        void expect(char c) {
            if (!peekIs(c)) {
                throw error(pos, "expected '" + c + "' but found " + (atEnd() ? "end of line" : "'" + peek() + "'"));
            }
            pos++;
        }

        String word(String what) {
            int start = pos;
            while (!atEnd() && (Character.isLetterOrDigit(peek()) || "_.:@/+-".indexOf(peek()) >= 0)) {
                pos++;
            }
            if (start == pos) {
                throw error(pos, "expected " + what + " but found " + (atEnd() ? "end of line" : "'" + peek() + "'"));
            }
            return line.substring(start, pos);
        }

        String argument() {
            if (!peekIs('"')) {
                return word("an argument");
            }
            int start = pos++;
            StringBuilder sb = new StringBuilder();
            while (!atEnd() && peek() != '"') {
                char c = line.charAt(pos++);
                if (c == '\\') {
                    if (atEnd()) {
                        break;
                    }
                    sb.append(unescape(line.charAt(pos++)));
                } else {
                    sb.append(c);
                }
            }
            if (atEnd()) {
                throw error(start, "unterminated string");
            }
            pos++;
            return sb.toString();
        }

        FactSyntaxException error(int column0, String message) {
            return new FactSyntaxException(source, lineNo, column0 + 1, message);
        }
    }
}
