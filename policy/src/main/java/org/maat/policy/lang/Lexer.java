package org.maat.policy.lang;

import java.util.ArrayList;
import java.util.List;
import org.maat.policy.facts.FactSyntax;

/** Splits policy text into tokens, skipping white space and {@code #} comments. */
final class Lexer {

    private static final String RELEASE_BASE = Release.ONLY_CND_IDS.keyword();

    private final String text;
    private int pos;
    private int line = 1;
    private int lineStart;

    private Lexer(String text) {
        this.text = text;
    }

    static List<Token> tokenize(String text) {
        return new Lexer(text).run();
    }

    private List<Token> run() {
        List<Token> tokens = new ArrayList<>();
        while (true) {
            skipSpaceAndComments();
            if (pos >= text.length()) {
                tokens.add(new Token(Token.Kind.EOF, "", "", line, column(pos)));
                return tokens;
            }
            tokens.add(next());
        }
    }

    private Token next() {
        int start = pos;
        char c = text.charAt(pos);
        if (Character.isLetter(c) || c == '_') {
            while (pos < text.length() && isIdentifierPart(text.charAt(pos))) {
                pos++;
            }
            String word = text.substring(start, pos);
            if (word.equals(RELEASE_BASE)) {
                if (pos < text.length() && text.charAt(pos) == '+') {
                    pos++;
                }
                return token(Token.Kind.RELEASE, start);
            }
            boolean upper = Character.isUpperCase(word.charAt(0)) || word.charAt(0) == '_';
            return token(upper ? Token.Kind.VARIABLE : Token.Kind.NAME, start);
        }
        if (Character.isDigit(c) || (c == '-' && pos + 1 < text.length() && Character.isDigit(text.charAt(pos + 1)))) {
            pos++;
            while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                pos++;
            }
            if (pos + 1 < text.length() && text.charAt(pos) == '.' && Character.isDigit(text.charAt(pos + 1))) {
                pos++;
                while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                    pos++;
                }
            }
            return token(Token.Kind.NUMBER, start);
        }
        if (c == '"') {
            return string(start);
        }
        if (c == ':' && pos + 1 < text.length() && text.charAt(pos + 1) == '-') {
            pos += 2;
            return token(Token.Kind.PUNCT, start);
        }
        if ("(),;.".indexOf(c) >= 0) {
            pos++;
            return token(Token.Kind.PUNCT, start);
        }
        pos += Character.charCount(text.codePointAt(pos));
        throw new PolicySyntaxError(line, column(start), "character '" + text.substring(start, pos) + "'",
                "a rule, a name, a variable, a string, a number or one of  :-  (  )  ,  ;  .");
    }

    private Token string(int start) {
        int startLine = line;
        int startColumn = column(start);
        StringBuilder value = new StringBuilder();
        pos++;
        while (pos < text.length() && text.charAt(pos) != '"') {
            char c = text.charAt(pos++);
            if (c == '\n') {
                newLine();
            }
            if (c == '\\' && pos < text.length()) {
                value.append(FactSyntax.unescape(text.charAt(pos++)));
            } else {
                value.append(c);
            }
        }
        if (pos >= text.length()) {
            throw new PolicySyntaxError(startLine, startColumn, "unterminated string", "a closing '\"'");
        }
        pos++;
        return new Token(Token.Kind.STRING, text.substring(start, pos), value.toString(), startLine, startColumn);
    }

    private Token token(Token.Kind kind, int start) {
        String t = text.substring(start, pos);
        return new Token(kind, t, t, line, column(start));
    }

    private void skipSpaceAndComments() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == '\n') {
                pos++;
                newLine();
            } else if (Character.isWhitespace(c)) {
                pos++;
            } else if (c == '#') {
                while (pos < text.length() && text.charAt(pos) != '\n') {
                    pos++;
                }
            } else {
                return;
            }
        }
    }

    private void newLine() {
        line++;
        lineStart = pos;
    }

    private int column(int offset) {
        return offset - lineStart + 1;
    }

    private static boolean isIdentifierPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }
}
