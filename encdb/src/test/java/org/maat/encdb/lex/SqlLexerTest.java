package org.maat.encdb.lex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.h2.jdbc.JdbcConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The lexer against H2's own tokenizer ({@code org.h2.command.Tokenizer}, reached by reflection): over
 * generated text of quotes, doubled quotes, backticks, dollar quotes, {@code --}, {@code //} and nested
 * {@code /* *}{@code /} comments, line ends and the punctuation {@code ( ) , ; ?}, both must agree on
 * whether the text is unterminated, and on the position of every punctuation token.
 */
class SqlLexerTest {

    private static final String[] FRAGMENTS = {"'", "''", "\"", "`", "--", "//", "/*", "*/", "/", "*", "-", "\n",
        "\r", " ", " ", "$$", "$", "(", ")", ",", ";", "? ", "a", "n", "col", "q$", "\u00e9", "=", "+", "<", ".",
        "%"};

    private static Connection h2;
    private static Object provider;

    @BeforeAll
    static void open() throws Exception {
        h2 = DriverManager.getConnection("jdbc:h2:mem:");
        provider = ((JdbcConnection) h2).getSession();
    }

    @AfterAll
    static void close() throws Exception {
        h2.close();
    }

    @Test
    void agreesWithH2sTokenizerOnGeneratedText() throws Exception {
        Random random = new Random(30);
        int unterminated = 0;
        for (int c = 0; c < 20_000; c++) {
            StringBuilder sql = new StringBuilder();
            int parts = 1 + random.nextInt(14);
            for (int p = 0; p < parts; p++) {
                sql.append(FRAGMENTS[random.nextInt(FRAGMENTS.length)]);
            }
            String text = sql.toString();
            TreeMap<Integer, Character> expected = h2Punctuation(text);
            List<SqlLexer.Span> spans = SqlLexer.spans(text);
            boolean unclosed = SqlLexer.firstUnclosed(spans) != null;
            assertEquals(expected == null, unclosed, () -> "unterminated? " + show(text));
            if (expected == null) {
                unterminated++;
                continue;
            }
            assertEquals(expected, punctuation(text, spans), () -> show(text));
        }
        assertTrue(unterminated > 1_000 && unterminated < 19_000, "the generator reaches both outcomes");
    }

    @Test
    void spansCoverTheTextAndTellItsParts() {
        String sql = "SELECT 'it''s' -- a 'note\n, \"a\"\"b\", $$x'y$$, A$$B /* c /* nested */ ' */ // end";
        List<SqlLexer.Span> spans = SqlLexer.spans(sql);
        int at = 0;
        List<String> strings = new ArrayList<>();
        for (SqlLexer.Span s : spans) {
            assertEquals(at, s.start());
            at = s.end();
            if (s.kind() == SqlLexer.Kind.STRING) {
                strings.add(s.of(sql));
            }
        }
        assertEquals(sql.length(), at);
        assertEquals(List.of("'it''s'", "$$x'y$$"), strings);
        assertNull(SqlLexer.firstUnclosed(spans));
        assertFalse(SqlLexer.firstUnclosed(SqlLexer.spans("SELECT /* /* */")).closed());
    }

    private static String show(String text) {
        return "'" + text.replace("\n", "\\n").replace("\r", "\\r") + "'";
    }

    private static TreeMap<Integer, Character> punctuation(String text, List<SqlLexer.Span> spans) {
        TreeMap<Integer, Character> out = new TreeMap<>();
        for (SqlLexer.Span s : spans) {
            if (s.kind() != SqlLexer.Kind.CODE) {
                continue;
            }
            for (int i = s.start(); i < s.end(); i++) {
                char ch = text.charAt(i);
                if ("(),;?".indexOf(ch) >= 0) {
                    out.put(i, ch);
                }
            }
        }
        return out;
    }

    /** The positions of H2's ( ) , ; and ? tokens in {@code text}, or null when H2's tokenizer rejects it. */
    private static TreeMap<Integer, Character> h2Punctuation(String text) throws Exception {
        Class<?> tokenizerClass = Class.forName("org.h2.command.Tokenizer");
        Class<?> tokenClass = Class.forName("org.h2.command.Token");
        Constructor<?> make = tokenizerClass.getDeclaredConstructor(Class.forName("org.h2.engine.CastDataProvider"),
                boolean.class, boolean.class, BitSet.class);
        make.setAccessible(true);
        Object tokenizer = make.newInstance(provider, true, false, null);
        Method tokenize = tokenizerClass.getDeclaredMethod("tokenize", String.class, boolean.class, BitSet.class);
        tokenize.setAccessible(true);
        Method type = tokenClass.getDeclaredMethod("tokenType");
        type.setAccessible(true);
        Method start = tokenClass.getDeclaredMethod("start");
        start.setAccessible(true);
        List<?> tokens;
        try {
            tokens = (List<?>) tokenize.invoke(tokenizer, text, false, new BitSet());
        } catch (java.lang.reflect.InvocationTargetException e) {
            if (!(e.getCause() instanceof org.h2.message.DbException)) {
                throw e;
            }
            return null;
        }
        TreeMap<Integer, Character> out = new TreeMap<>();
        for (Object t : tokens) {
            int kind = (int) type.invoke(t);
            int at = (int) start.invoke(t);
            char ch = kind == constant(tokenClass, "OPEN_PAREN") ? '('
                    : kind == constant(tokenClass, "CLOSE_PAREN") ? ')'
                    : kind == constant(tokenClass, "COMMA") ? ','
                    : kind == constant(tokenClass, "SEMICOLON") ? ';'
                    : kind == constant(tokenClass, "PARAMETER") && text.charAt(at) == '?' ? '?' : 0;
            if (ch != 0) {
                out.put(at, ch);
            }
        }
        return out;
    }

    private static int constant(Class<?> tokenClass, String name) throws Exception {
        Field f = tokenClass.getDeclaredField(name);
        f.setAccessible(true);
        return f.getInt(null);
    }
}
