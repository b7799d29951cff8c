package org.maat.encdb.split;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** The split side's readings of SQL text (parameters, identifiers, declared types) follow H2's lexing. */
class SqlTextTest {

    @Test
    void nestedCommentsHideTheirParameters() {
        // H2 nests block comments: the second ? is inside the outer comment
        assertEquals(1, SplitPlanner.parameterCount("SELECT ? /* a /* b */ ? */ FROM T"));
        assertEquals(2, SplitPlanner.parameterCount("SELECT ?, $$?$$, ? FROM T -- ?"));
    }

    @Test
    void identifiersSkipDollarQuotedText() {
        assertEquals(Set.of("SELECT", "A", "FROM", "T"), SplitPlanner.identifiers("SELECT a, $$hidden$$ FROM t"));
    }

    @Test
    void declaredTypeEndsOutsideQuotedNames() {
        assertEquals("\"PUBLIC\".\"X NOT NULL\"", ServerSession.typeOnly("\"PUBLIC\".\"X NOT NULL\" DEFAULT 1"));
        assertEquals("ENUM('a b', 'c) d')", ServerSession.typeOnly("ENUM('a b', 'c) d') NOT NULL"));
        assertEquals("INTEGER", ServerSession.typeOnly("INTEGER DEFAULT 1"));
    }
}
