package org.maat.encdb.rewrite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SignRunsTest {

    @Test
    void collapsesRunsInCodeOnly() {
        assertEquals("SELECT a +  b, '- -x', \"- -\" FROM t", SignRuns.collapse("SELECT a - - b, '- -x', \"- -\" FROM t"));
        assertEquals("SELECT -  26 -- - - c\n", SignRuns.collapse("SELECT - + 26 -- - - c\n"));
    }

    @Test
    void aSlashSlashCommentIsACommentAsInH2() {
        // H2 reads // to the line's end as a comment: its quote opens no string, so the run after it collapses
        assertEquals("SELECT 1 // it's\n+  2", SignRuns.collapse("SELECT 1 // it's\n- - 2"));
    }

    @Test
    void dollarQuotedTextIsCopied() {
        assertEquals("SELECT $$- -$$, +  1", SignRuns.collapse("SELECT $$- -$$, - - 1"));
    }
}
