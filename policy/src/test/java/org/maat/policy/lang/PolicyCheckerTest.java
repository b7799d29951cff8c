package org.maat.policy.lang;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class PolicyCheckerTest {

    private static List<String> problems(String text) {
        return PolicyChecker.check(PolicyParser.parseWithPositions(text)).stream().map(PolicyProblem::toString).toList();
    }

    @Test
    void wellFormedPolicyHasNoProblems() {
        assertThat(problems("read :- sKeyIs(K) and friend(this.owner, K) and not blocked(session.region, this.id);"))
                .isEmpty();
    }

    @Test
    void builtinArityIsChecked() {
        assertThat(problems("read :- sKeyIs(this.owner, this.id);"))
                .containsExactly("1:9: built-in 'sKeyIs' takes 1 argument, not 2");
        assertThat(problems("update :- appendOnly(this.id);"))
                .containsExactly("1:11: built-in 'appendOnly' takes 0 arguments, not 1");
    }

    @Test
    void untilOutsideDeclassifyIsAnError() {
        assertThat(problems("read :- true until ONLY_CND_IDS;"))
                .containsExactly("1:1: 'until ONLY_CND_IDS' is only allowed on a declassify rule, not on 'read'");
    }

    @Test
    void unsafeNegationIsAnError() {
        assertThat(problems("read :- not friend(this.owner, K);"))
                .containsExactly("1:9: unsafe negation: variable K under 'not' is bound by nothing; bind it with"
                        + " a positive predicate in the same conjunction");
    }

    @Test
    void variableBoundInOnlyOneBranchOfAnOrDoesNotMakeNegationSafe() {
        assertThat(problems("read :- (sKeyIs(K) or true) and not friend(this.owner, K);"))
                .singleElement().asString().contains("unsafe negation: variable K");
    }

    @Test
    void comparisonOfUnboundVariableIsAnError() {
        assertThat(problems("read :- lt(T, 5);")).singleElement().asString()
                .contains("variable T in 'lt' is bound by nothing");
    }

    @Test
    void unknownFieldsAreErrorsListingTheKnownOnes() {
        assertThat(problems("read :- sKeyIs(this.author);"))
                .containsExactly("1:16: unknown field 'this.author'; this has declassify, id, name, owner, read, update");
        assertThat(problems("read :- sRegionIs(session.country);")).singleElement().asString()
                .contains("unknown field 'session.country'");
    }

    @Test
    void destinationFieldsOnlyInDeclassify() {
        assertThat(problems("read :- eq(dest.owner, this.owner);")).singleElement().asString()
                .contains("'dest.owner' is only defined in a declassify rule");
    }

    @Test
    void permissionFieldsOnlyInsideIsAsRestrictive() {
        assertThat(problems("read :- eq(this.read, \"x\");")).singleElement().asString()
                .contains("'this.read' is a permission");
        assertThat(problems("declassify :- isAsRestrictive(dest.owner, this.read);")).singleElement().asString()
                .contains("isAsRestrictive compares permissions");
    }

    @Test
    void placementOfAppendOnlyAndDestNameIsIsChecked() {
        assertThat(problems("read :- appendOnly();")).singleElement().asString()
                .contains("only meaningful in a update rule");
        assertThat(problems("read :- destNameIs(\"profile/*\");")).singleElement().asString()
                .contains("only meaningful in a declassify rule");
    }

    @Test
    void aSecondRuleForOnePermissionIsAnErrorNamingTheFirst() {
        assertThat(problems("read :- sKeyIs(this.owner);\nupdate :- false;\n  read :- true;"))
                .containsExactly("3:3: a second 'read' rule (the first is on line 1): a policy has one rule per"
                        + " permission; join the alternatives with 'or'");
    }

    @Test
    void aPolicyBuiltInCodeBeyondTheLimitsIsAProblemNotAStackOverflow() {
        Expr deep = new Expr.Const(true);
        for (int i = 0; i < 100_000; i++) {
            deep = new Expr.Not(deep);
        }
        Policy nested = new Policy(List.of(new Rule(Permission.READ, deep)));
        assertThat(PolicyChecker.check(nested)).singleElement().asString()
                .contains("nested more than " + PolicyLimits.MAX_DEPTH + " levels deep");
        Policy wide = new Policy(List.of(new Rule(Permission.READ,
                new Expr.And(java.util.Collections.nCopies(PolicyLimits.MAX_LITERALS + 1, new Expr.Const(true))))));
        assertThat(PolicyChecker.check(wide)).singleElement().asString()
                .contains("more than " + PolicyLimits.MAX_LITERALS + " literals");
    }

    @Test
    void aConstantTimeThatNamesNoInstantIsAnError() {
        assertThat(problems("read :- sTimeBefore(\"soon\");"))
                .containsExactly("1:21: \"soon\" is neither epoch milliseconds nor an ISO-8601 instant such as"
                        + " \"2026-01-01T00:00:00Z\"");
        assertThat(problems("read :- sTimeBefore(\"2026-01-01T00:00:00Z\") and sTimeAfter(1700000000000);")).isEmpty();
    }

    @Test
    void aFactLookupWithoutArgumentsIsAnErrorSinceNoFactHasNone() {
        assertThat(problems("read :- sKeyIs(this.owner) and maintenance();"))
                .containsExactly("1:32: fact lookup 'maintenance()' has no arguments; facts have at least one");
    }

    @Test
    void everyProblemIsReportedNotJustTheFirst() {
        assertThat(problems("read :- sKeyIs();\nupdate :- true until ONLY_CND_IDS+;")).hasSize(2);
    }
}
