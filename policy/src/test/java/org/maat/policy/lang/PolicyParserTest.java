package org.maat.policy.lang;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class PolicyParserTest {

    @Test
    void parsesTheArchitectureExample() {
        Policy p = PolicyParser.parse("""
                # friends-only document of its owner; censored per region
                read       :- (sKeyIs(this.owner) or (sKeyIs(K) and friend(this.owner, K)))
                              and not blocked(session.region, this.id);
                update     :- sKeyIs(this.owner);
                declassify :- isAsRestrictive(dest.read, this.read) until ONLY_CND_IDS+;
                """);
        assertThat(p.rules()).hasSize(3);
        assertThat(p.rulesFor(Permission.DECLASSIFY).get(0).release()).isEqualTo(Release.ONLY_CND_IDS_PLUS);
        assertThat(p.rulesFor(Permission.READ).get(0).body()).isInstanceOf(Expr.And.class);
        assertThat(PolicyChecker.check(p)).isEmpty();
    }

    @Test
    void andBindsTighterThanOr() {
        Expr body = PolicyParser.parse("read :- a(X) or b(X) and c(X);").rules().get(0).body();
        assertThat(body).isEqualTo(new Expr.Or(List.of(
                atom("a"), new Expr.And(List.of(atom("b"), atom("c"))))));
    }

    @Test
    void canonicalTextIsStableAndReparsesToTheSamePolicy() {
        String text = "read:-(sKeyIs(this.owner)or(sKeyIs(K)and friend(this.owner,K)))and not blocked(session.region,this.id);";
        Policy p = PolicyParser.parse(text);
        String canonical = PolicyPrinter.print(p);
        assertThat(canonical).isEqualTo("read :- (sKeyIs(this.owner) or sKeyIs(K) and friend(this.owner, K))"
                + " and not blocked(session.region, this.id);\n");
        assertThat(PolicyParser.parse(canonical)).isEqualTo(p);
    }

    @Test
    void stringsAndNumbersRoundTrip() {
        Policy p = PolicyParser.parse("read :- eq(\"a \\\"quoted\\\" \\\\ name\", -12.50) and destNameIs(\"x\\ny\");");
        assertThat(PolicyParser.parse(PolicyPrinter.print(p))).isEqualTo(p);
    }

    @Test
    void syntaxErrorNamesLineColumnTokenAndExpectation() {
        assertThatThrownBy(() -> PolicyParser.parse("read :- sKeyIs(this.owner)\nupdate :- true;"))
                .isInstanceOfSatisfying(PolicySyntaxError.class, e -> {
                    assertThat(e.line()).isEqualTo(2);
                    assertThat(e.column()).isEqualTo(1);
                    assertThat(e.found()).isEqualTo("'update'");
                    assertThat(e.expected()).contains("';'");
                });
    }

    @Test
    void missingRuleHeadIsReported() {
        assertThatThrownBy(() -> PolicyParser.parse("  write :- true;"))
                .isInstanceOfSatisfying(PolicySyntaxError.class, e -> {
                    assertThat(e.column()).isEqualTo(3);
                    assertThat(e.getMessage()).isEqualTo(
                            "line 1, column 3: unexpected 'write', expected a rule: 'read', 'update' or 'declassify'");
                });
    }

    @Test
    void unterminatedStringIsReportedWhereItStarts() {
        assertThatThrownBy(() -> PolicyParser.parse("read :- cNameIs(\"abc);"))
                .isInstanceOfSatisfying(PolicySyntaxError.class, e -> {
                    assertThat(e.line()).isEqualTo(1);
                    assertThat(e.column()).isEqualTo(17);
                    assertThat(e.found()).isEqualTo("unterminated string");
                });
    }

    @Test
    void bareConstantsAreRejectedWithAHintToQuote() {
        assertThatThrownBy(() -> PolicyParser.parse("read :- sKeyIs(alice);"))
                .isInstanceOf(PolicySyntaxError.class)
                .hasMessageContaining("constants are quoted: \"alice\"");
    }

    @Test
    void badReleaseIsReported() {
        assertThatThrownBy(() -> PolicyParser.parse("declassify :- true until NEVER;"))
                .isInstanceOf(PolicySyntaxError.class)
                .hasMessageContaining("unexpected 'NEVER', expected 'ONLY_CND_IDS' or 'ONLY_CND_IDS+'");
    }

    @Test
    void nestingDeeperThanTheLimitIsASyntaxErrorAtTheOffendingParenthesis() {
        String deep = "read :- " + "(".repeat(5_000) + "true" + ")".repeat(5_000) + ";";
        assertThatThrownBy(() -> PolicyParser.parse(deep))
                .isInstanceOfSatisfying(PolicySyntaxError.class, e -> {
                    assertThat(e.line()).isEqualTo(1);
                    assertThat(e.column()).isEqualTo(9 + PolicyLimits.MAX_DEPTH);
                    assertThat(e.reason()).contains("nested more than " + PolicyLimits.MAX_DEPTH + " levels deep");
                });
        String notChain = "read :- " + "not ".repeat(5_000) + "true;";
        assertThatThrownBy(() -> PolicyParser.parse(notChain)).isInstanceOf(PolicySyntaxError.class)
                .hasMessageContaining("nested more than");
    }

    @Test
    void nestingAtTheLimitParses() {
        String atLimit = "read :- " + "(".repeat(PolicyLimits.MAX_DEPTH) + "true" + ")".repeat(PolicyLimits.MAX_DEPTH) + ";";
        assertThat(PolicyParser.parse(atLimit).rules()).hasSize(1);
    }

    @Test
    void moreLiteralsThanTheLimitIsASyntaxErrorAtTheFirstLiteralTooMany() {
        String chain = "read :- " + String.join(" and ", java.util.Collections.nCopies(5_000, "true")) + ";";
        assertThatThrownBy(() -> PolicyParser.parse(chain))
                .isInstanceOfSatisfying(PolicySyntaxError.class, e -> {
                    assertThat(e.line()).isEqualTo(1);
                    // "read :- " is 8 columns; each "true and " is 9.
                    assertThat(e.column()).isEqualTo(9 + 9 * PolicyLimits.MAX_LITERALS);
                    assertThat(e.reason()).contains("more than " + PolicyLimits.MAX_LITERALS + " literals");
                });
        String atLimit = "read :- " + String.join(" and ", java.util.Collections.nCopies(PolicyLimits.MAX_LITERALS, "true")) + ";";
        assertThat(PolicyParser.parse(atLimit).rules()).hasSize(1);
    }

    @Test
    void emptyTextIsAPolicyWithNoRules() {
        assertThat(PolicyParser.parse("# nothing granted\n").rules()).isEmpty();
    }

    private static Expr atom(String name) {
        return new Expr.Atom(name, List.of(new Term.Variable("X")));
    }
}
