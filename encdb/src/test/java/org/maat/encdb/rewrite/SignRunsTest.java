package org.maat.encdb.rewrite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SignRunsTest {

    @Test
    void parenthesisesRunsInCodeOnly() {
        assertEquals("SELECT a -( - b), '- -x', \"- -\" FROM t", SignRuns.collapse("SELECT a - - b, '- -x', \"- -\" FROM t"));
        assertEquals("SELECT -( + 26) -- - - c\n", SignRuns.collapse("SELECT - + 26 -- - - c\n"));
    }

    @Test
    void eachSignOfARunStaysASign() {
        assertEquals("SELECT AVG(-( - CAST(NULL AS INTEGER))) FROM t",
                SignRuns.collapse("SELECT AVG(- - CAST(NULL AS INTEGER)) FROM t"));
        assertEquals("SELECT +( -( + t.c0)) * 2, -( - f(x) OVER (ORDER BY y)), -( -( - CASE WHEN a THEN -( - 1) END))",
                SignRuns.collapse("SELECT + - + t.c0 * 2, - - f(x) OVER (ORDER BY y), - - - CASE WHEN a THEN - - 1 END"));
        assertEquals("SELECT -( - (a + b)), -( - 1.5e-3), -( - DATE '2020-01-01'), -( - ?), -( - \"x\".\"y\")",
                SignRuns.collapse("SELECT - - (a + b), - - 1.5e-3, - - DATE '2020-01-01', - - ?, - - \"x\".\"y\""));
    }

    @Test
    void anOperandThatCannotBeToldCollapsesTheRun() {
        assertEquals("SELECT +  x::INT", SignRuns.collapse("SELECT - - x::INT"));
        assertEquals("SELECT -  LISTAGG(a) WITHIN GROUP (ORDER BY a)",
                SignRuns.collapse("SELECT - + LISTAGG(a) WITHIN GROUP (ORDER BY a)"));
    }

    @Test
    void aCaseOperandWithASignIsParenthesised() {
        assertEquals("SELECT CASE (- CASE WHEN a THEN 1 END * 2) WHEN 1 THEN 2 END, CASE (+( - c0)) WHEN - 1 THEN 0 END",
                SignRuns.collapse("SELECT CASE - CASE WHEN a THEN 1 END * 2 WHEN 1 THEN 2 END, CASE + - c0 WHEN - 1 THEN 0 END"));
    }

    @Test
    void aSlashSlashCommentIsACommentAsInH2() {
        // H2 reads // to the line's end as a comment: its quote opens no string, so the run after it is read
        assertEquals("SELECT 1 // it's\n-( - 2)", SignRuns.collapse("SELECT 1 // it's\n- - 2"));
    }

    @Test
    void dollarQuotedTextIsCopied() {
        assertEquals("SELECT $$- -$$, -( - 1)", SignRuns.collapse("SELECT $$- -$$, - - 1"));
    }
}
